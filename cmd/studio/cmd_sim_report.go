package main

import (
	"context"
	"encoding/json"
	"fmt"
	"github.com/rulestudio/studio/graph"
	"github.com/rulestudio/studio/internal/input"
	"io"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/rulestudio/studio/graph/packfile"
	"github.com/rulestudio/studio/preview/playtest"
	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"
)

// simFlags are the flags of `studio simulate` that shape its output.
type simFlags struct {
	shard  string // "i/n", 0-based i
	out    string // -o: write the mergeable Stats here instead of a report
	report string // --report: an HTML page of charts
	asJSON bool
}

// runSimulate plays c (the shard of it the flags ask for) and prints the
// report, or writes the mergeable Stats to f.out; with records set, it writes
// each match's record there. Any match that ended in an error makes the exit
// status 1.
func runSimulate(cmd *cobra.Command, c playtest.Config, f simFlags, records string) error {
	if f.shard != "" {
		i, n, err := parseShard(f.shard)
		if err != nil {
			return err
		}
		if c, err = c.Shard(i, n); err != nil {
			return err
		}
	}
	var bar *progressbar.ProgressBar
	if isTerminal(os.Stderr) && !f.asJSON {
		bar = progressbar.NewOptions(c.Matches, progressbar.OptionSetWriter(os.Stderr),
			progressbar.OptionSetDescription("simulating"), progressbar.OptionShowCount(), progressbar.OptionClearOnFinish(),
			progressbar.OptionThrottle(100*time.Millisecond))
		c.Progress = func() { _ = bar.Add(1) } // playtest calls it one at a time
	}
	var rw *recordWriter
	if records != "" {
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		rw = &recordWriter{dir: records, pack: c.Program.Pack.Name, stop: cancel}
		c.Context, c.Each = ctx, rw.write
	}
	s, err := playtest.Run(c)
	if bar != nil {
		_ = bar.Finish()
	}
	if rw != nil && rw.err != nil {
		return rw.err
	}
	if err != nil {
		return fmt.Errorf("simulate: %w", err)
	}
	if f.out != "" {
		// A part's errors are data for studio merge, which reports them;
		// a failing exit would make a batch scheduler retry the part.
		return writeStats(cmd, f.out, s)
	}
	if err := printReport(cmd.OutOrStdout(), s, f); err != nil {
		return err
	}
	return failedMatches(s)
}

// failedMatches is the exit status 1 of a run where any match ended in an
// error, or nil.
func failedMatches(s *playtest.Stats) error {
	if failed := playtest.Summarize(s).ErrorCount(); failed > 0 {
		return &exitStatus{code: 1, err: fmt.Errorf("%d of %d matches ended in an error", failed, s.Matches)}
	}
	return nil
}

// printReport prints s as JSON or as text with its time, and writes the
// HTML report f asks for.
func printReport(w io.Writer, s *playtest.Stats, f simFlags) error {
	r := playtest.Summarize(s)
	if f.report != "" {
		if err := writeHTMLReport(f.report, r); err != nil {
			return err
		}
	}
	if f.asJSON {
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(r)
	}
	if err := r.WriteText(w); err != nil {
		return err
	}
	return r.WriteTime(w)
}

// parseShard reads "i/n" with 0 <= i < n.
func parseShard(s string) (i, n int, err error) {
	a, b, ok := strings.Cut(s, "/")
	if ok {
		i, err = strconv.Atoi(a)
		if err == nil {
			n, err = strconv.Atoi(b)
		}
	}
	if !ok || err != nil || n < 1 || i < 0 || i >= n {
		return 0, 0, fmt.Errorf("--shard %q: want i/n with 0 <= i < n (i is 0-based, as JOB_COMPLETION_INDEX)", s)
	}
	return i, n, nil
}

// writeStats writes s as indented JSON to path, whole or not at all.
func writeStats(cmd *cobra.Command, path string, s *playtest.Stats) error {
	data, err := json.MarshalIndent(s, "", "  ")
	if err != nil {
		return err
	}
	return writeOutput(cmd, path, func(w io.Writer) error {
		_, err := w.Write(append(data, '\n'))
		return err
	})
}

// readStats reads a Stats file written by `simulate -o`.
func readStats(path string) (*playtest.Stats, error) {
	data, err := input.Read(path, input.Part)
	if err != nil {
		return nil, err
	}
	var s playtest.Stats
	if err := graph.DecodeJSON(data, path, "a simulate result", &s); err != nil {
		return nil, err
	}
	if err := s.Check(); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return &s, nil
}

// writeFileAtomic writes data to path whole or not at all.
func writeFileAtomic(path string, data []byte) error {
	return packfile.WriteFile(path, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	})
}
