package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/rulestudio/studio/engine"
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
// report, or writes the mergeable Stats to f.out.
func runSimulate(cmd *cobra.Command, c playtest.Config, f simFlags) error {
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
		c.Progress = func() { _ = bar.Add(1) }
	}
	s, err := playtest.Run(c)
	if bar != nil {
		_ = bar.Finish()
	}
	if err != nil {
		return err
	}
	if f.out != "" {
		return writeStats(f.out, s)
	}
	return printReport(cmd.OutOrStdout(), s, f)
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
func writeStats(path string, s *playtest.Stats) error {
	data, err := json.MarshalIndent(s, "", "  ")
	if err != nil {
		return err
	}
	return writeFileAtomic(path, append(data, '\n'))
}

// readStats reads a Stats file written by `simulate -o`.
func readStats(path string) (*playtest.Stats, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var s playtest.Stats
	if err := json.Unmarshal(data, &s); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if s.PackHash == "" || len(s.Wins) != s.Seats {
		return nil, fmt.Errorf("%s: not a result of `studio simulate -o`", path)
	}
	return &s, nil
}

// randomBot is the bot of every seat (the only one today).
func randomBot(seed uint64) engine.Bot { return engine.NewRandomBot(seed) }

// writeFileAtomic writes data to path whole or not at all.
func writeFileAtomic(path string, data []byte) error {
	return packfile.WriteFile(path, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	})
}
