package main

import (
	"errors"
	"fmt"
	"github.com/rulestudio/studio/internal/input"
	"io"
	"os"
	"path/filepath"

	"github.com/rulestudio/studio/assets"
	"github.com/rulestudio/studio/engine"
	"github.com/rulestudio/studio/graph/packfile"
	"github.com/rulestudio/studio/preview/scenario"
	"github.com/rulestudio/studio/project"
	"github.com/spf13/cobra"
)

// errScenariosFailed makes `studio test` exit 1 once it has printed the
// failures.
var errScenariosFailed = errors.New("scenarios failed")

func init() {
	var bless bool
	test := &cobra.Command{
		Use:   "test PACK|PROJECT [SCENARIO...]",
		Short: "Run scenario tests of a pack: positions, moves and what must hold",
		Long: `test runs scenario files (YAML; see docs/playtesting.md) against PACK (a project, a
YAML rule pack file or folder, or a bundled pack name). A project's own scenarios (see
"studio scenario") run first, then the SCENARIO files given. Without either it runs the
bundled pack's own scenarios, or the *.yaml files of the folder "scenarios" next to
PACK. It prints each failure as file:line: step N: what went wrong (the expression and
its value, the move and why it was refused, or where the events differ from the
scenario's .events transcript), then a count, and exits 1 on any failure.
--bless writes each scenario's events to its .events file (a project's scenarios: into
the project) instead of comparing them.`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			p, _, err := loadProgram(args[0], cmd.ErrOrStderr())
			if err != nil {
				return err
			}
			stored, closeProj, err := storedScenarios(args[0], bless)
			if err != nil {
				return err
			}
			defer closeProj()
			var files []scenarioFile
			if len(stored) == 0 || len(args) > 1 {
				if files, err = scenarioFiles(args[0], args[1:], bless); err != nil {
					return err
				}
			}
			if err := runScenarios(cmd.OutOrStdout(), p, append(stored, files...), bless); err != nil {
				return err
			}
			return closeProj()
		},
	}
	test.Flags().BoolVar(&bless, "bless", false, "write each scenario's event transcript (its .events file) instead of comparing")
	rootCmd.AddCommand(test)
}

// scenarioFile is a scenario's text, where it is, and its transcript.
type scenarioFile struct {
	path       string
	data       []byte
	transcript []byte                        // nil: none
	bless      func(transcript []byte) error // keeps a blessed transcript; nil: the .events file beside path
}

// storedScenarios returns the scenarios kept in the project at path (none
// when path is not a project), and a function that closes the project
// (read-only unless blessing, when the transcripts are stored back).
func storedScenarios(path string, bless bool) ([]scenarioFile, func() error, error) {
	none := func() error { return nil }
	if packfile.Detect(path) != packfile.Project {
		return nil, none, nil
	}
	proj, err := project.Open(path, project.Options{ReadOnly: !bless})
	if err != nil {
		return nil, none, err
	}
	ss, err := proj.Scenarios()
	if err != nil {
		proj.Close()
		return nil, none, err
	}
	out := make([]scenarioFile, len(ss))
	for i, s := range ss {
		out[i] = scenarioFile{path: scenario.StoredPath(path, s.Name), data: s.YAML, transcript: s.Events,
			bless: func(tr []byte) error { s.Events = tr; return proj.PutScenario(s) }}
	}
	return out, proj.Close, nil
}

// scenarioFiles reads the scenarios given, or else the bundled pack's, or
// else those in the folder "scenarios" beside pack.
func scenarioFiles(pack string, given []string, bless bool) ([]scenarioFile, error) {
	if len(given) == 0 {
		if _, err := os.Stat(pack); err != nil {
			if bless {
				return nil, fmt.Errorf("--bless: the bundled scenarios are read-only here; name their files (assets/scenarios/%s/*.yaml)", pack)
			}
			var out []scenarioFile
			for _, s := range assets.Scenarios(pack) {
				out = append(out, scenarioFile{path: "assets/scenarios/" + pack + "/" + s.Name, data: s.Data, transcript: s.Transcript})
			}
			if len(out) == 0 {
				return nil, fmt.Errorf("the bundled pack %s has no scenarios", pack)
			}
			return out, nil
		}
		var err error
		if given, err = filepath.Glob(filepath.Join(filepath.Dir(pack), "scenarios", "*.yaml")); err != nil || len(given) == 0 {
			return nil, fmt.Errorf("no scenarios given, and none in %s", filepath.Join(filepath.Dir(pack), "scenarios"))
		}
	}
	var out []scenarioFile
	for _, path := range given {
		data, err := input.Read(path, input.Scenario)
		if err != nil {
			return nil, err
		}
		f := scenarioFile{path: path, data: data}
		if tr, err := input.Read((&scenario.Scenario{Path: path}).TranscriptPath(), input.Scenario); err == nil {
			f.transcript = tr
		}
		out = append(out, f)
	}
	return out, nil
}

// runScenarios runs every file against p, prints failures and a count, and
// writes the transcripts when blessing.
func runScenarios(w io.Writer, p *engine.Program, files []scenarioFile, bless bool) error {
	failed := 0
	for _, f := range files {
		s, err := scenario.Parse(f.data, f.path)
		if err != nil {
			fmt.Fprintf(w, "FAIL %s\n", err)
			failed++
			continue
		}
		want := f.transcript
		if bless {
			want = nil
		}
		r := scenario.Run(s, p, want)
		if len(r.Failures) > 0 {
			failed++
			for _, fl := range r.Failures {
				if fl.Diff != "" {
					fmt.Fprintf(w, "FAIL %s (run with --bless to accept them)\n", fl)
				} else {
					fmt.Fprintf(w, "FAIL %s\n", fl)
				}
			}
			continue
		}
		if bless {
			where := s.TranscriptPath()
			keep := func(tr []byte) error { return writeFileAtomic(where, tr) }
			if f.bless != nil {
				keep, where = f.bless, "in the project"
			}
			if err := keep([]byte(r.Transcript)); err != nil {
				return err
			}
			fmt.Fprintf(w, "ok   %s (blessed %s)\n", f.path, where)
			continue
		}
		fmt.Fprintf(w, "ok   %s\n", f.path)
	}
	fmt.Fprintf(w, "%d scenarios, %d failed\n", len(files), failed)
	if failed > 0 {
		return errScenariosFailed
	}
	return nil
}
