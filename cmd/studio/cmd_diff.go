package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/pmezard/go-difflib/difflib"
	"github.com/spf13/cobra"

	"github.com/rulestudio/studio/graph"
	"github.com/rulestudio/studio/project"
)

// diffCmd is `studio diff PROJECT REV1 REV2` and `studio diff A B`: what
// changed by meaning (graph.Diff), or the YAML diff with --text.
func diffCmd() *cobra.Command {
	var asText, asJSON bool
	var imp impactFlags
	cmd := &cobra.Command{
		Use:   "diff PROJECT REV1 REV2 | diff PACK_A PACK_B",
		Short: "Show what changed between two revisions of a project, or two packs, piece by piece",
		Long: `Lists each state, transition, action, object type, clause, variable, script and
visibility or display entry added, removed or changed, by its path
(object_types/healer/when/heal/body), with a unified diff under changed code.
Two arguments compare two packs in any form the studio reads.

--impact (a project's revisions only) then says what the change did to matches:
each recorded match (studio matches) and scenario (studio scenario) replayed on
both revisions, and whether it plays the same, differs first at a step (the
debugger's, with that step's events before and after), has a move refused, or no
longer loads; then --matches matches played on both with the same seeds, seats and
bots: the first seat's win rate on each with its 95% Wilson interval and McNemar's
exact test of the difference (match i is paired by its seed), the length
distributions, and the states entered and clauses fired whose rate per match
changed most. With --json the output is {"changes": [...], "impact": {...}}.`,
		Args: cobra.RangeArgs(2, 3),
		RunE: func(cmd *cobra.Command, args []string) error {
			if asText && asJSON {
				return fmt.Errorf("--text and --json cannot be given together")
			}
			if imp.on && (asText || len(args) != 3) {
				return fmt.Errorf("--impact compares two revisions of a project (studio diff PROJECT REV1 REV2 --impact), by meaning: not with --text")
			}
			w := cmd.OutOrStdout()
			if len(args) == 3 {
				return diffRevisions(w, args, asText, asJSON, imp)
			}
			a, err := loadDiffPack(args[0])
			if err != nil {
				return err
			}
			b, err := loadDiffPack(args[1])
			if err != nil {
				return err
			}
			if asText {
				return writeYAMLDiff(w, a, b, args[0], args[1])
			}
			return writeChanges(w, a, b, asJSON)
		},
	}
	cmd.Flags().BoolVar(&asText, "text", false, "print the unified diff of the YAML instead")
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the changes as a JSON list (path, kind, what, before, after, code)")
	imp.add(cmd.Flags())
	return cmd
}

// diffRevisions compares revisions args[1] and args[2] of project args[0].
func diffRevisions(w io.Writer, args []string, asText, asJSON bool, imp impactFlags) error {
	ra, err := parseRev(args[1])
	if err != nil {
		return err
	}
	rb, err := parseRev(args[2])
	if err != nil {
		return err
	}
	proj, err := project.Open(args[0], project.Options{ReadOnly: true})
	if err != nil {
		return err
	}
	defer proj.Close()
	if asText {
		d, err := proj.Diff(ra, rb)
		if err != nil {
			return err
		}
		_, err = fmt.Fprint(w, d)
		return err
	}
	a, err := proj.PackAt(ra)
	if err != nil {
		return err
	}
	b, err := proj.PackAt(rb)
	if err != nil {
		return err
	}
	if imp.on {
		r, err := impactOf(proj, args[0], ra, rb, a, b, imp, asJSON)
		if err != nil {
			return err
		}
		return writeImpact(w, a, b, r, asJSON)
	}
	return writeChanges(w, a, b, asJSON)
}

// loadDiffPack reads one side of `studio diff A B`; the importer's warnings
// are not the comparison's business.
func loadDiffPack(path string) (*graph.Pack, error) {
	p, _, err := loadPack(path)
	return p, err
}

// writeChanges writes graph.Diff(a, b) to w, as JSON or as text.
func writeChanges(w io.Writer, a, b *graph.Pack, asJSON bool) error {
	changes, err := graph.Diff(a, b)
	if err != nil {
		return err
	}
	if asJSON {
		if changes == nil {
			changes = []graph.Change{}
		}
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(changes)
	}
	var out strings.Builder
	for _, c := range changes {
		writeChange(&out, c)
	}
	_, err = io.WriteString(w, out.String())
	return err
}

// writeChange writes one change: "KIND PATH (WHAT)", then, indented, the
// piece's lines marked + or - when it was added or removed, the unified diff
// of changed code or of a value of several lines, or the value before and
// after.
func writeChange(w *strings.Builder, c graph.Change) {
	fmt.Fprintf(w, "%-7s %s (%s)\n", c.Kind, c.Path, c.What)
	switch {
	case c.Kind == graph.Added:
		markLines(w, "+", pieceText(c, c.After))
	case c.Kind == graph.Removed:
		markLines(w, "-", pieceText(c, c.Before))
	case c.Code || strings.Contains(c.Before, "\n") || strings.Contains(c.After, "\n"):
		text, _ := difflib.GetUnifiedDiffString(difflib.UnifiedDiff{
			A: codeLines(c.Before), B: codeLines(c.After), Context: 3,
		}) // writing to a strings.Builder does not fail
		for _, line := range strings.SplitAfter(strings.TrimSuffix(text, "\n"), "\n") {
			w.WriteString("    " + line)
		}
		w.WriteString("\n")
	default:
		markLines(w, "-", c.Before)
		markLines(w, "+", c.After)
	}
}

// pieceText is the text of a piece added or removed: a one-line value (a
// transition's target, a constant) after its name, as YAML writes it, since
// the bare value would not say what it is the value of.
func pieceText(c graph.Change, text string) string {
	line := strings.TrimSuffix(text, "\n")
	if c.Code || strings.Contains(line, "\n") {
		return text
	}
	return c.Path[strings.LastIndex(c.Path, "/")+1:] + ": " + line
}

// markLines writes each line of text indented and marked.
func markLines(w *strings.Builder, mark, text string) {
	for _, line := range strings.Split(strings.TrimSuffix(text, "\n"), "\n") {
		fmt.Fprintf(w, "    %s%s\n", mark, line)
	}
}

// codeLines splits code into lines for difflib, each ending in a newline: a
// last line without one is the same line of code as with it.
func codeLines(s string) []string {
	if s == "" {
		return nil
	}
	return strings.SplitAfter(strings.TrimSuffix(s, "\n")+"\n", "\n")[:strings.Count(strings.TrimSuffix(s, "\n"), "\n")+1]
}

// writeYAMLDiff writes the unified diff of two packs' canonical YAML, headed
// by the names they were read from.
func writeYAMLDiff(w io.Writer, a, b *graph.Pack, nameA, nameB string) error {
	ya, err := graph.Marshal(a)
	if err != nil {
		return err
	}
	yb, err := graph.Marshal(b)
	if err != nil {
		return err
	}
	text, err := difflib.GetUnifiedDiffString(difflib.UnifiedDiff{
		A: codeLines(string(ya)), B: codeLines(string(yb)),
		FromFile: nameA, ToFile: nameB, Context: 3,
	})
	if err != nil {
		return fmt.Errorf("diff: %w", err)
	}
	_, err = io.WriteString(w, text)
	return err
}
