package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/rulestudio/studio/graph"
	"github.com/rulestudio/studio/graph/packfile"
	"github.com/rulestudio/studio/project"
)

func init() {
	rootCmd.AddCommand(importCmd(), logCmd(), diffCmd(), restoreCmd())
}

// readPackFile reads the pack to import: any form packfile reads; with dir
// it must be a folder.
func readPackFile(path string, dir bool) (*graph.Pack, error) {
	p, form, err := files.Read(path)
	if err == nil && dir && form != packfile.Dir {
		return nil, fmt.Errorf("%s: --dir needs a directory", path)
	}
	return p, err
}

// importCmd is `studio import PACK -o PROJECT`.
func importCmd() *cobra.Command {
	var out, message string
	var dir bool
	cmd := &cobra.Command{
		Use:   "import PACK -o PROJECT",
		Short: "Store a YAML rule pack (one file, or a directory with --dir) in a project file",
		Long: `Import reads a YAML rule pack (one file of one or several YAML documents, or a
directory of documents as "studio export --dir" writes it) and stores it in the
project file PROJECT: a new project when PROJECT does not exist, else a new
revision of it (none when the pack is unchanged). Either is whole or not at all: a
new project is built beside PROJECT and renamed into place once complete, a
revision is one transaction.`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if out == "" {
				return errors.New("import: -o PROJECT is required")
			}
			pack, err := readPackFile(args[0], dir)
			if err != nil {
				return err
			}
			msg := message
			if msg == "" {
				msg = "import " + args[0]
			}
			return projectOutput(cmd, out, func(path string) error {
				return importInto(messages(cmd, out), path, outName(out), pack, msg, args[0])
			})
		},
	}
	cmd.Flags().StringVarP(&out, "output", "o", "", "project file to create or add a revision to (*.rulestudio; - for standard output)")
	cmd.Flags().StringVarP(&message, "message", "m", "", `revision message (default "import PACK")`)
	cmd.Flags().BoolVar(&dir, "dir", false, "PACK is a directory of documents (the default when it is a directory)")
	return cmd
}

// logCmd is `studio log PROJECT`.
func logCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "log PROJECT",
		Short: "List a project's revisions, oldest first: number, time (UTC) and message",
		Long: `log lists the revisions of the project file PROJECT (*.rulestudio), oldest
first, one a line: its number, when it was saved (UTC) and its message. Every save
in the window, every studio import into the project and every restore is one.
The numbers are what studio diff PROJECT REV1 REV2 and studio restore take. The
project is opened read-only.`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			proj, err := project.Open(args[0], project.Options{ReadOnly: true})
			if err != nil {
				return err
			}
			defer proj.Close()
			revs, err := proj.Revisions()
			if err != nil {
				return err
			}
			for _, r := range revs {
				line := fmt.Sprintf("%4d  %s", r.ID, r.Time.UTC().Format("2006-01-02 15:04:05"))
				if r.Message != "" {
					line += "  " + strings.ReplaceAll(r.Message, "\n", " ")
				}
				fmt.Fprintln(cmd.OutOrStdout(), line)
			}
			return nil
		},
	}
}

// parseRev reads a revision number argument.
func parseRev(s string) (int64, error) {
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil || n <= 0 {
		return 0, fmt.Errorf("%q is not a revision number (see studio log)", s)
	}
	return n, nil
}

// restoreCmd is `studio restore PROJECT REV`.
func restoreCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "restore PROJECT REV",
		Short: "Make a new revision of a project holding the pack of revision REV",
		Long: `restore makes a new revision of the project file PROJECT holding the pack of
revision REV (a number studio log lists): the revisions after REV stay, so a
restore is undone by restoring again. When the latest revision already holds that
pack, nothing is written. The project's scenarios, recorded matches and
breakpoints are not part of a revision and stay as they are.`,
		Args: cobra.ExactArgs(2),
		RunE: func(cmd *cobra.Command, args []string) error {
			rev, err := parseRev(args[1])
			if err != nil {
				return err
			}
			proj, err := project.Open(args[0], project.Options{})
			if err != nil {
				return err
			}
			defer proj.Close()
			before, err := proj.Latest()
			if err != nil {
				return err
			}
			r, err := proj.Restore(rev)
			if err != nil {
				return err
			}
			if r.ID == before.ID {
				fmt.Fprintf(cmd.OutOrStdout(), "revision %d already holds the pack of revision %d\n", r.ID, rev)
			} else {
				fmt.Fprintf(cmd.OutOrStdout(), "restored revision %d as revision %d\n", rev, r.ID)
			}
			return proj.Close()
		},
	}
}

// importInto stores pack in the project file at path (a new one when there
// is none), as a revision with message msg, and says so on w, naming the
// project name and the pack from.
func importInto(w io.Writer, path, name string, pack *graph.Pack, msg, from string) error {
	images, err := imagesToKeep(pack, nil)
	if err != nil {
		return err
	}
	if _, statErr := os.Stat(path); statErr != nil {
		// A new project appears whole or not at all.
		proj, err := project.CreateWithImages(path, pack, msg, images)
		if err != nil {
			return err
		}
		fmt.Fprintf(w, "imported %s into %s as revision 1\n", from, name)
		return proj.Close()
	}
	proj, err := project.Open(path, project.Options{})
	if err != nil {
		return err
	}
	defer proj.Close()
	before, _ := proj.Latest()
	r, err := proj.Save(pack, msg)
	if err != nil {
		return err
	}
	if err := proj.PutImages(images); err != nil {
		return err
	}
	if r.ID == before.ID {
		fmt.Fprintf(w, "%s already holds %s (revision %d)\n", name, from, r.ID)
	} else {
		fmt.Fprintf(w, "imported %s into %s as revision %d\n", from, name, r.ID)
	}
	return proj.Close()
}
