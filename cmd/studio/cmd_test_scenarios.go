package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/rulestudio/studio/assets"
	"github.com/rulestudio/studio/engine"
	"github.com/rulestudio/studio/preview/scenario"
	"github.com/spf13/cobra"
)

// errScenariosFailed makes `studio test` exit 1 once it has printed the
// failures.
var errScenariosFailed = errors.New("scenarios failed")

func init() {
	var bless bool
	test := &cobra.Command{
		Use:   "test PACK [SCENARIO...]",
		Short: "Run scenario tests of a pack: positions, moves and what must hold",
		Long: `test runs scenario files (YAML; see docs/playtesting.md) against PACK (a project, a
YAML rule pack file or folder, or a bundled pack name). Without SCENARIO files it runs
the bundled pack's own scenarios, or the *.yaml files of the folder "scenarios" next to
PACK. It prints each failure as file:line: step N: what went wrong (the expression and
its value, the move and why it was refused, or where the events differ from the
scenario's .events transcript), then a count, and exits 1 on any failure.
--bless writes each scenario's events to its .events file instead of comparing them.`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			p, _, err := loadProgram(args[0], cmd.ErrOrStderr())
			if err != nil {
				return err
			}
			files, err := scenarioFiles(args[0], args[1:], bless)
			if err != nil {
				return err
			}
			return runScenarios(cmd.OutOrStdout(), p, files, bless)
		},
	}
	test.Flags().BoolVar(&bless, "bless", false, "write each scenario's event transcript (its .events file) instead of comparing")
	rootCmd.AddCommand(test)
}

// scenarioFile is a scenario's text, where it is, and its transcript.
type scenarioFile struct {
	path       string
	data       []byte
	transcript []byte // nil: none
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
		data, err := os.ReadFile(path)
		if err != nil {
			return nil, err
		}
		f := scenarioFile{path: path, data: data}
		if tr, err := os.ReadFile((&scenario.Scenario{Path: path}).TranscriptPath()); err == nil {
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
				fmt.Fprintf(w, "FAIL %s\n", fl)
			}
			continue
		}
		if bless {
			if err := writeFileAtomic(s.TranscriptPath(), []byte(r.Transcript)); err != nil {
				return err
			}
			fmt.Fprintf(w, "ok   %s (blessed %s)\n", f.path, s.TranscriptPath())
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
