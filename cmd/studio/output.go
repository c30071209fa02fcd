package main

import (
	"io"
	"os"
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/rulestudio/studio/graph/packfile"
)

// stdoutArg is the -o value that means standard output, as Unix tools take
// "-"; no command writes a file of that name.
const stdoutArg = "-"

// writeOutput writes what write produces to the file out names, atomically
// (packfile.WriteFile), or to the command's standard output for "-".
func writeOutput(cmd *cobra.Command, out string, write func(io.Writer) error) error {
	if out == stdoutArg {
		return write(cmd.OutOrStdout())
	}
	return packfile.WriteFile(out, write)
}

// projectOutput runs create with the path of the project file -o names. For
// "-" it creates the project in a temporary folder, a SQLite file needing a
// path of its own, then copies its bytes to standard output; the folder is
// removed either way.
func projectOutput(cmd *cobra.Command, out string, create func(path string) error) error {
	if out != stdoutArg {
		return create(out)
	}
	dir, err := os.MkdirTemp("", "studio-out-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "out.rulestudio")
	if err := create(path); err != nil {
		return err
	}
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	_, err = io.Copy(cmd.OutOrStdout(), f)
	return err
}

// outName names the -o output in messages.
func outName(out string) string {
	if out == stdoutArg {
		return "standard output"
	}
	return out
}

// messages is where a command says what it did: standard error when its
// -o output takes standard output, else standard output.
func messages(cmd *cobra.Command, out string) io.Writer {
	if out == stdoutArg {
		return cmd.ErrOrStderr()
	}
	return cmd.OutOrStdout()
}
