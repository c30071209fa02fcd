package main

import (
	"errors"
	"fmt"
	"sort"

	"github.com/spf13/cobra"

	"github.com/rulestudio/studio/engine"
	"github.com/rulestudio/studio/graph"
	"github.com/rulestudio/studio/graph/layout"
	"github.com/rulestudio/studio/graph/packfile"
)

func init() {
	rootCmd.AddCommand(importBGACmd(), validateCmd(), exportCmd())
}

// importBGACmd is `studio import-bga PATH -o PROJECT`.
func importBGACmd() *cobra.Command {
	var out string
	cmd := &cobra.Command{
		Use:   "import-bga PATH -o PROJECT",
		Short: "Import a BGA game (states.inc.php, game folder or States/ folder) into a new project file",
		Long: `Import a BGA game's state machine into a new project file. PATH is a states.inc.php,
a game's folder (its modules/php/States/ State classes, its states.inc.php, or both) or a
States/ folder. What the importer cannot follow without running the game (a returned value
it cannot work out) is printed as a warning, file:line:col: warning: message.`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if out == "" {
				return errors.New("import-bga: -o PROJECT is required")
			}
			// A folder that is no game gets the importer's error, which says what it looked for.
			if form := packfile.Detect(args[0]); form != packfile.BGA && form != packfile.Dir {
				return fmt.Errorf("import-bga: %s is not a BGA game: a states.inc.php, a game's folder or a States/ folder (studio import reads rule packs)", args[0])
			}
			p, warnings, err := files.ReadFormWarnings(args[0], packfile.BGA)
			if err != nil {
				return err
			}
			for _, d := range warnings {
				fmt.Fprintln(cmd.ErrOrStderr(), d)
			}
			pos, err := layout.Auto(cmd.Context(), p, layout.Options{})
			if err != nil {
				return err
			}
			p.Editor = &graph.Editor{Positions: pos}
			if err := projectOutput(cmd, out, func(path string) error {
				return files.Projects.CreateProject(path, p, "import "+args[0])
			}); err != nil {
				return err
			}
			fmt.Fprintf(messages(cmd, out), "imported %d states from %s into %s\n", len(p.States), args[0], outName(out))
			return nil
		},
	}
	cmd.Flags().StringVarP(&out, "output", "o", "", "project file to create (*.rulestudio; - for standard output)")
	return cmd
}

// validateCmd is `studio validate PACK`: it prints
// every diagnostic as file:line:col: severity: message and exits 1 when one is an
// error; without errors it says so on standard error ("ok: 4 states, 2
// actions, no findings"), so that a clean pack does not pass in silence.
func validateCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "validate PACK",
		Short: "Check a pack (project, YAML file or folder, BGA states.inc.php) and print its diagnostics",
		Long: `validate reads PACK (a project, a YAML rule pack file or folder, a BGA
states.inc.php or game folder) and prints every finding once, at the place of the
mistake, as file:line:col: error|warning|info: message: the BGA importer's
warnings, BGA's rules and the graph (ids, types, transitions, unreachable states),
the YAML (syntax, unknown keys, visibility and display hints) and every mistake in
the rule code that can be known before a match runs (syntax, undefined names,
attributes nothing has, transitions and states code names, types of declared
variables and literal domains, code in pure places that changes the match, what
would show a seat a card it cannot see). See docs/model.md, "What studio validate
checks". The exit status is 1 when a finding is an error; without errors it says
"ok: N states, M actions, ..." on standard error.`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			p, imported, err := loadPack(args[0])
			var pe *graph.PosError
			if errors.As(err, &pe) {
				// A file that does not read is a diagnostic like any other.
				d := graph.Diagnostic{File: pe.File, Pos: pe.Pos, Severity: graph.Error, Rule: "load", Message: pe.Msg}
				if d.File == "" {
					d.File = args[0]
				}
				fmt.Fprintln(cmd.OutOrStdout(), d)
				return &exitStatus{code: 1, err: fmt.Errorf("%s: 1 error(s)", args[0])}
			}
			if err != nil {
				return err
			}
			if p.Source == "" {
				p.Source = args[0]
			}
			diags := append(graph.Check(p), engine.Check(p)...)
			sort.SliceStable(diags, func(i, j int) bool { // the pack-wide ones first, then by place
				a, b := diags[i].Pos, diags[j].Pos
				return a.Line < b.Line || a.Line == b.Line && a.Column < b.Column
			})
			errs := 0
			all := append(imported, diags...) // the importer's warnings first
			for _, d := range all {
				fmt.Fprintln(cmd.OutOrStdout(), d)
				if d.Severity == graph.Error {
					errs++
				}
			}
			if errs > 0 {
				return &exitStatus{code: 1, err: fmt.Errorf("%s: %d error(s)", args[0], errs)}
			}
			findings := "no findings"
			if len(all) > 0 {
				findings = plural(len(all), "finding") + ", no errors"
			}
			fmt.Fprintf(cmd.ErrOrStderr(), "ok: %s, %s, %s\n", plural(len(p.States), "state"), plural(len(p.Actions), "action"), findings)
			return nil
		},
	}
}

// exportCmd is `studio export PACK --format yaml|bga|bga-classes|dot [-o OUT] [--dir]`.
func exportCmd() *cobra.Command {
	var format, out string
	var dir bool
	cmd := &cobra.Command{
		Use:   "export PACK --format yaml|bga|bga-classes|dot [-o OUT] [--dir]",
		Short: "Write a project (or any pack) as a YAML rule pack, a BGA states.inc.php, BGA State classes or a Graphviz DOT file",
		Long: `Write a project (or any pack) in another form. --format bga-classes writes BGA State
classes under the folder -o names: modules/php/States/<Class>.php, one per state, with stubs
to fill in, and the constants file their ids need.`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			p, imported, err := loadPack(args[0])
			if err != nil {
				return err
			}
			for _, d := range imported {
				fmt.Fprintln(cmd.ErrOrStderr(), d)
			}
			form := packfile.Form(format)
			switch {
			case out == stdoutArg && (form == packfile.BGAClasses || dir):
				return errors.New("export: standard output cannot hold a folder: give -o FOLDER")
			case form == packfile.BGAClasses && (out == "" || dir):
				return errors.New("export: --format bga-classes needs -o DIRECTORY (and no --dir)")
			case form == packfile.BGAClasses:
				written, err := packfile.WriteClasses(out, p)
				if err != nil {
					return err
				}
				fmt.Fprintf(cmd.OutOrStdout(), "wrote %d files under %s\n", len(written), out)
				return nil
			case dir && (form != packfile.YAML || out == ""):
				return errors.New("export: --dir needs --format yaml and -o DIRECTORY")
			case dir:
				return files.Write(out, packfile.Dir, p)
			case form != packfile.YAML && form != packfile.BGA && form != packfile.DOT:
				return fmt.Errorf("export: unknown format %q (want yaml, bga, bga-classes or dot)", format)
			case out == "" || out == stdoutArg:
				return packfile.Encode(cmd.OutOrStdout(), form, p)
			}
			return files.Write(out, form, p)
		},
	}
	cmd.Flags().StringVar(&format, "format", "yaml", "yaml, bga, bga-classes or dot")
	cmd.Flags().StringVarP(&out, "output", "o", "", "file to write (default, or -: standard output)")
	cmd.Flags().BoolVar(&dir, "dir", false, "with --format yaml: one file per document in the directory -o names")
	return cmd
}

// plural writes a count and its noun: "1 state", "4 states".
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
