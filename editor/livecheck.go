package editor

import (
	"bytes"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"

	"go.yaml.in/yaml/v3"

	"github.com/rulestudio/studio/editor/place"
	"github.com/rulestudio/studio/editor/ui"
	"github.com/rulestudio/studio/engine"
	"github.com/rulestudio/studio/graph"
)

// CheckDelay is how long the editor waits after the last edit before it
// checks the pack again: typing checks once per pause, not per keystroke.
const CheckDelay = 200 * time.Millisecond

// Finding is a diagnostic and the place of the pack it is about, so that a
// click on it can open that place.
type Finding struct {
	graph.Diagnostic
	Target place.Target
}

// checkResult is what one check of the pack found.
type checkResult struct {
	findings []Finding
	// text is the canonical YAML of the pack checked ([graph.Marshal]): the
	// text the diagnostics' lines and columns point into, which the YAML view
	// shows (nil when the pack could not be written and read back).
	text []byte
}

// diagnose runs every check of `studio validate` (graph.Check, then
// engine.Check) on p and locates each diagnostic in the pack. It reads p
// only, and is meant for a frozen copy (graph.Pack.Clone) on a goroutine of
// its own.
//
// The checks run on p written as canonical YAML and read back, so that every
// position is a line and column of that text (the text the YAML view shows)
// whatever the pack was read from and however it was edited since; a pack
// that cannot make that round trip is checked as it is.
func diagnose(p *graph.Pack) checkResult {
	if fromClasses(p) {
		// The states' positions are in their State classes' PHP files, which
		// the diagnostics name: check the pack as it is.
		diags := append(graph.Check(p), engine.Check(p)...)
		out := checkResult{findings: make([]Finding, len(diags))}
		loc := newLocator(p, nil)
		for i, d := range diags {
			out.findings[i] = loc.find(d)
		}
		return out
	}
	q := p
	text, err := graph.Marshal(p)
	if err == nil {
		if r, perr := graph.Parse(text, p.Source); perr == nil {
			q = r
		} else {
			text = nil
		}
	} else {
		text = nil
	}
	diags := append(graph.Check(q), engine.Check(q)...)
	out := checkResult{findings: make([]Finding, len(diags)), text: text}
	loc := newLocator(q, text)
	for i, d := range diags {
		out.findings[i] = loc.find(d)
	}
	return out
}

// fromClasses reports whether some state of p was read from a file of its
// own (a BGA State class), not from the pack's source.
func fromClasses(p *graph.Pack) bool {
	for _, s := range p.States {
		if s.File != "" {
			return true
		}
	}
	return false
}

// locator finds the element and field of a diagnostic from its position in
// the canonical YAML of the pack.
type locator struct {
	p     *graph.Pack
	root  *yaml.Node // the top mapping; nil when there is no text
	lines [][]byte
}

func newLocator(p *graph.Pack, text []byte) *locator {
	l := &locator{p: p}
	var doc yaml.Node
	if text != nil && yaml.Unmarshal(text, &doc) == nil && len(doc.Content) > 0 {
		l.root = doc.Content[0]
		l.lines = bytes.Split(text, []byte("\n"))
	}
	return l
}

// find returns d with its target, and with its State set when it is about a
// state (engine.Check does not set it).
func (l *locator) find(d graph.Diagnostic) Finding {
	f := Finding{Diagnostic: d}
	if l.root == nil || !d.Pos.IsValid() {
		if !d.State.IsZero() {
			if s := l.p.State(d.State); s != nil {
				f.Target = place.Target{Kind: graph.StateRef, Name: s.ID.String()}
			}
		}
		return f
	}
	path, leaf := nodePath(l.root, d.Pos)
	if len(path) == 0 {
		return f
	}
	rest := strings.Join(path[min(2, len(path)):], "/")
	switch path[0] {
	case "states":
		if len(path) < 2 {
			return f
		}
		k, _ := strconv.Atoi(path[1])
		if k < 0 || k >= len(l.p.States) {
			return f
		}
		s := l.p.States[k]
		f.Target = place.Target{Kind: graph.StateRef, Name: s.ID.String(), Field: rest}
		if f.State.IsZero() {
			f.State = s.ID
		}
	case "object_types", "actions", "scripts":
		if len(path) < 2 {
			return f
		}
		kind := map[string]graph.RefKind{"object_types": graph.ObjectTypeRef, "actions": graph.ActionRef, "scripts": graph.ScriptRef}[path[0]]
		f.Target = place.Target{Kind: kind, Name: path[1], Field: rest}
	default:
		f.Target = place.Target{Kind: graph.PackRef, Field: strings.Join(path, "/")}
	}
	if leaf != nil && leaf.Kind == yaml.ScalarNode {
		f.Target.Line, f.Target.Column = l.inside(leaf, d.Pos)
	}
	// An unknown possible action is placed at its name in the list; its
	// Define button, not the list's text, is where the designer fixes it.
	if t := &f.Target; t.Kind == graph.StateRef && (t.Field == "" || t.Field == "id" || d.Rule == "unknown-action") {
		if field := fieldOfRule(d); field != "" {
			t.Field, t.Line, t.Column = field, 0, 0
		}
	}
	return f
}

// ruleFields are the checks (graph.Check) whose finding is fixed in one
// field of a state's form other than the one it is placed at: the field (or
// element) is read from the message, which names it.
var ruleFields = map[string]*regexp.Regexp{
	"unknown-action":  regexp.MustCompile(`possible action "([^"]+)"`),
	"description-arg": regexp.MustCompile(`: (description|descriptionmyturn) uses`),
}

// fieldOfRule is the form path of the field d is about when its check
// reports it at its state's head ("" when not): a click on it goes there,
// not to the top of the form.
func fieldOfRule(d graph.Diagnostic) string {
	re, ok := ruleFields[d.Rule]
	if !ok {
		return ""
	}
	m := re.FindStringSubmatch(d.Message)
	if m == nil {
		return ""
	}
	if d.Rule == "unknown-action" {
		return "possibleactions/" + m[1] + "/define" // the button that defines it
	}
	return m[1]
}

// inside returns pos as a line and column of the text of the scalar n
// (1-based), or 0, 0 when pos is not in it.
func (l *locator) inside(n *yaml.Node, pos graph.Pos) (line, col int) {
	if n.Style&(yaml.LiteralStyle|yaml.FoldedStyle) != 0 {
		// The text starts on the line after the "|", indented.
		first := n.Line + 1
		if pos.Line < first || first > len(l.lines) {
			return 0, 0
		}
		indent := len(l.lines[first-1]) - len(bytes.TrimLeft(l.lines[first-1], " "))
		return pos.Line - first + 1, max(pos.Column-indent, 1)
	}
	col = pos.Column - n.Column + 1
	if n.Style&(yaml.SingleQuotedStyle|yaml.DoubleQuotedStyle) != 0 {
		col-- // the quote
	}
	return max(pos.Line-n.Line+1, 1), max(col, 1)
}

// nodePath walks from n down to the deepest node at or before pos: the keys
// and list indexes on the way, and the node reached.
func nodePath(n *yaml.Node, pos graph.Pos) ([]string, *yaml.Node) {
	var path []string
	before := func(x *yaml.Node) bool {
		return x.Line < pos.Line || x.Line == pos.Line && x.Column <= pos.Column
	}
	for {
		switch n.Kind {
		case yaml.MappingNode:
			i := -1
			for k := 0; k+1 < len(n.Content); k += 2 {
				if before(n.Content[k]) {
					i = k
				}
			}
			if i < 0 {
				return path, n
			}
			path = append(path, n.Content[i].Value)
			n = n.Content[i+1]
		case yaml.SequenceNode:
			i := -1
			for k, it := range n.Content {
				if before(it) || k == 0 && it.Line == pos.Line {
					i = k
				}
			}
			if i < 0 {
				return path, n
			}
			path = append(path, strconv.Itoa(i))
			n = n.Content[i]
		default:
			return path, n
		}
	}
}

// liveCheck runs the checks of the pack on screen off the UI goroutine, a
// short while after the last edit, and hands the results back through the
// editor's do (fyne.Do).
type liveCheck struct {
	ui.Debounce // requests: a result for an older one is dropped
	delay       time.Duration
	of          *graph.Pack
	running     sync.WaitGroup
	run         func(*graph.Pack) checkResult // diagnose; tests slow it down
}

// checkSoon asks for the pack to be checked again once the designer pauses
// (at once for a pack just shown). The findings on screen stay until the
// new ones arrive.
func (e *Editor) checkSoon() {
	l := &e.forms.live
	if e.pack == nil {
		l.Cancel()
		l.of = nil
		e.applyCheck(l.Gen(), checkResult{})
		return
	}
	delay := l.delay
	if l.of != e.pack {
		l.of, delay = e.pack, 0
		e.diags = nil // another pack's findings mean nothing here
	}
	l.Request(delay, e.do, e.open, e.startCheck)
}

// open reports whether the window is still open (a timer's job for a
// closed window is dropped).
func (e *Editor) open() bool { return e.stopped.Err() == nil }

// startCheck starts check gen on a copy of the pack, unless a newer one was
// asked for since.
func (e *Editor) startCheck(gen int) {
	l := &e.forms.live
	if !l.Waiting(gen) || e.pack == nil {
		return
	}
	l.Started()
	frozen := e.pack.Clone()
	run := l.run
	l.running.Add(1)
	go func() {
		defer l.running.Done()
		r := run(frozen)
		e.do(func() { e.applyCheck(gen, r) })
	}()
}

// flushChecks starts at once a check waiting for its timer (tests).
func (e *Editor) flushChecks() { e.forms.live.Flush(e.startCheck) }

// applyCheck shows what check gen found: the diagnostics list, the marks on
// the canvas, in the forms and code, and the YAML view's text positions.
func (e *Editor) applyCheck(gen int, r checkResult) {
	if gen != e.forms.live.Gen() {
		return // the pack changed since: a newer check is coming
	}
	// The BGA importer's warnings about the pack head the list until another
	// pack is shown.
	fs := make([]Finding, 0, len(e.imported)+len(r.findings))
	loc := newLocator(e.pack, nil)
	for _, d := range e.imported {
		fs = append(fs, loc.find(d))
	}
	r.findings = append(fs, r.findings...)
	e.forms.findings = r.findings
	e.forms.checked = r.text
	e.diags = make([]graph.Diagnostic, len(r.findings))
	for i, f := range r.findings {
		e.diags[i] = f.Diagnostic
	}
	e.Diagnostics.SetFindings(r.findings)
	e.Inspector.ShowDiagnostics(e.pack, e.diags) // its count and list, with the Diagnostics list's
	e.View.MarkDiagnostics(e.pack, e.diags)
	e.updateTitle()
	e.showFindings() // after the status line's counts: a mark on the line being typed says its message there
}
