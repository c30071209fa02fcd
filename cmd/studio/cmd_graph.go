package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"

	"github.com/spf13/cobra"

	"github.com/rulestudio/studio/engine"
	"github.com/rulestudio/studio/graph"
	"github.com/rulestudio/studio/graph/bga"
	"github.com/rulestudio/studio/project"
)

func init() {
	rootCmd.AddCommand(importBGACmd(), validateCmd(), exportCmd())
}

// importBGACmd is `studio import-bga FILE -o PROJECT`.
func importBGACmd() *cobra.Command {
	var out string
	cmd := &cobra.Command{
		Use:   "import-bga FILE -o PROJECT",
		Short: "Import a BGA states.inc.php into a new project file",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if out == "" {
				return errors.New("import-bga: -o PROJECT is required")
			}
			p, err := bga.ImportFile(args[0])
			if err != nil {
				return err
			}
			pos, err := graph.AutoLayout(p)
			if err != nil {
				return err
			}
			proj, err := project.Create(out)
			if err != nil {
				return err
			}
			defer proj.Close()
			if _, err := proj.Save(p, "import "+args[0]); err != nil {
				return err
			}
			if err := proj.SaveLayout(pos); err != nil {
				return err
			}
			fmt.Fprintf(cmd.OutOrStdout(), "imported %d states from %s into %s\n", len(p.States), args[0], out)
			return nil
		},
	}
	cmd.Flags().StringVarP(&out, "output", "o", "", "project file to create (*.rulestudio)")
	return cmd
}

// validateCmd is `studio validate FILE.yaml|PROJECT|states.inc.php`: it prints
// every diagnostic as file:line:col: severity: message and exits 1 when one is an
// error.
func validateCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "validate FILE.yaml|PROJECT|states.inc.php",
		Short: "Check a rule pack, project or BGA file and print its diagnostics",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			p, err := loadPack(args[0])
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
			for _, d := range diags {
				fmt.Fprintln(cmd.OutOrStdout(), d)
				if d.Severity == graph.Error {
					errs++
				}
			}
			if errs > 0 {
				return &exitStatus{code: 1, err: fmt.Errorf("%s: %d error(s)", args[0], errs)}
			}
			return nil
		},
	}
}

// exportCmd is `studio export PROJECT --format yaml|bga|dot [-o OUT] [--dir]`.
func exportCmd() *cobra.Command {
	var format, out string
	var dir bool
	cmd := &cobra.Command{
		Use:   "export PROJECT --format yaml|bga|dot [-o OUT] [--dir]",
		Short: "Write a project (or any pack) as a YAML rule pack, a BGA states.inc.php or a Graphviz DOT file",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			p, err := loadPack(args[0])
			if err != nil {
				return err
			}
			if dir {
				if format != "yaml" || out == "" {
					return errors.New("export: --dir needs --format yaml and -o DIRECTORY")
				}
				return graph.WriteDir(out, p)
			}
			return writeOut(cmd.OutOrStdout(), out, func(w io.Writer) error { return exportTo(w, p, format) })
		},
	}
	cmd.Flags().StringVar(&format, "format", "yaml", "yaml, bga or dot")
	cmd.Flags().StringVarP(&out, "output", "o", "", "file to write (default: standard output)")
	cmd.Flags().BoolVar(&dir, "dir", false, "with --format yaml: one file per document in the directory -o names")
	return cmd
}

// exportTo writes p to w in format.
func exportTo(w io.Writer, p *graph.Pack, format string) error {
	switch format {
	case "yaml":
		return graph.WriteMultiDoc(w, p)
	case "bga":
		data, err := bga.Export(p)
		if err != nil {
			return err
		}
		_, err = w.Write(data)
		return err
	case "dot":
		_, err := w.Write(graph.DOT(p))
		return err
	}
	return fmt.Errorf("export: unknown format %q (want yaml, bga or dot)", format)
}

// writeOut runs write on standard output, or on the file path names (written in
// full or not at all: a temporary file renamed into place).
func writeOut(stdout io.Writer, path string, write func(io.Writer) error) error {
	if path == "" {
		return write(stdout)
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".studio-export-*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if err := write(tmp); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}
