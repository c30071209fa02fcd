package compare

import (
	"fmt"
	"image/color"
	"strings"
	"unicode/utf8"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/rulestudio/studio/editor/diagram"
	"github.com/rulestudio/studio/editor/style"
	"github.com/rulestudio/studio/editor/ui"
	"github.com/rulestudio/studio/graph"
	"github.com/rulestudio/studio/preview/impact"
)

// Config is what a Panel compares and how it reaches the window.
type Config struct {
	Before, After         *graph.Pack
	BeforeName, AfterName string // "revision 3", for people
	// Positions are where the window draws the states (by id as written);
	// a state without one is placed below the others.
	Positions map[string]graph.Point
	// Inputs returns what Measure replays on both revisions: the project's
	// recorded matches and scenarios.
	Inputs func() ([]impact.Recorded, []impact.Scenario, error)
	// Matches is how many matches Measure plays on both (0: DefaultMatches).
	Matches int
	// Go runs f off the window's goroutine; Do runs f on it (fyne.Do in the
	// studio, a queue in tests).
	Go func(f func())
	Do func(f func())
}

// DefaultMatches is how many matches Measure plays on each revision unless
// Config says otherwise: as many as `studio diff --impact`.
const DefaultMatches = 200

// Panel shows a comparison of two revisions (see the package
// documentation). Its methods run on the window's goroutine.
type Panel struct {
	cfg     Config
	changes []graph.Change

	View  *diagram.View
	list  *ui.List
	title *widget.Label
	sides [2]*widget.TextGrid // before and after, side by side
	rows  []Row
	tabs  *container.AppTabs

	measure  measurement
	root     fyne.CanvasObject
	selected int
}

// New builds the panel comparing cfg.Before with cfg.After. Its error is
// graph.Diff's.
func New(cfg Config) (*Panel, error) {
	changes, err := graph.Diff(cfg.Before, cfg.After)
	if err != nil {
		return nil, err
	}
	if cfg.Matches <= 0 {
		cfg.Matches = DefaultMatches
	}
	p := &Panel{cfg: cfg, changes: changes, selected: -1}
	p.View = diagram.NewView()
	p.View.SetGraph(merged(cfg.Before, cfg.After), cfg.Positions, nil)
	p.View.SetChanges(diagram.ChangesOf(changes))
	p.list = ui.NewList(func() int { return len(p.changes) },
		func() fyne.CanvasObject { return widget.NewLabel("changed object_types/x/when/y/body (clause body)") },
		func(i widget.ListItemID, o fyne.CanvasObject) { o.(*widget.Label).SetText(changeLine(p.changes[i])) })
	p.list.OnSelected = p.Select
	p.title = widget.NewLabel("Choose a change to see it in both revisions.")
	p.title.Wrapping = fyne.TextWrapWord
	// Each side scrolls sideways on its own; one scroll moves both up and
	// down, so that their rows stay side by side.
	for i := range p.sides {
		p.sides[i] = widget.NewTextGrid()
		p.sides[i].Scroll = fyne.ScrollHorizontalOnly
	}
	side := container.NewVScroll(container.NewGridWithColumns(2, p.sides[0], p.sides[1]))
	p.measure.build(p)
	p.tabs = container.NewAppTabs(
		container.NewTabItem("Side by side", container.NewBorder(p.title, nil, nil, nil, side)),
		container.NewTabItem("Impact", p.measure.object()))
	head := container.NewBorder(nil, nil, nil, container.NewHBox(p.measure.run, p.measure.cancel), widget.NewLabel(p.heading()))
	right := container.NewVSplit(container.NewBorder(head, nil, nil, nil, p.list), p.tabs)
	right.Offset = 0.35
	split := container.NewHSplit(p.View, right)
	split.Offset = 0.35
	p.root = split
	p.Select(0)
	return p, nil
}

// Focus is the widget to give the keyboard when the panel shows: the list
// of changes (Up and Down move in it, Space chooses; Tab reaches Measure
// Impact above it).
func (p *Panel) Focus() fyne.Focusable { return p.list }

// heading says what is compared and how much changed.
func (p *Panel) heading() string {
	n := len(p.changes)
	switch n {
	case 0:
		return fmt.Sprintf("%s and %s hold the same rules.", p.cfg.BeforeName, p.cfg.AfterName)
	case 1:
		return fmt.Sprintf("From %s to %s: 1 change.", p.cfg.BeforeName, p.cfg.AfterName)
	}
	return fmt.Sprintf("From %s to %s: %d changes.", p.cfg.BeforeName, p.cfg.AfterName, n)
}

// changeLine is a change as the list shows it: its kind, path and what it is.
func changeLine(c graph.Change) string {
	return fmt.Sprintf("%s  %s (%s)", c.Kind, c.Path, c.What)
}

// Object is the panel's widget tree, for the window to dock.
func (p *Panel) Object() fyne.CanvasObject { return p.root }

// Changes returns the changes listed, in graph.Diff's order.
func (p *Panel) Changes() []graph.Change { return p.changes }

// Lines returns the list's lines, as shown.
func (p *Panel) Lines() []string {
	out := make([]string, len(p.changes))
	for i, c := range p.changes {
		out[i] = changeLine(c)
	}
	return out
}

// Select shows change i: the piece in both revisions side by side, and its
// state (for a change under states/) centred on the graph (not selected:
// the selection's outline would hide the change's).
func (p *Panel) Select(i int) {
	if i < 0 || i >= len(p.changes) || i == p.selected {
		return
	}
	p.selected = i
	p.list.Select(i)
	c := p.changes[i]
	p.title.SetText(fmt.Sprintf("%s (%s), %s", c.Path, c.What, c.Kind))
	p.rows = Rows(c.Before, c.After)
	p.fillSide()
	p.tabs.SelectIndex(0)
	if rest, ok := strings.CutPrefix(c.Path, "states/"); ok {
		id, _, _ := strings.Cut(rest, "/")
		p.View.CentreOn(id)
	}
}

// Shown returns the text of each side as shown: the revision's name, then
// its lines of the rows (a missing line empty).
func (p *Panel) Shown() (before, after string) { return p.sides[0].Text(), p.sides[1].Text() }

// SideBySide returns the rows the side-by-side view shows.
func (p *Panel) SideBySide() []Row { return p.rows }

// fillSide writes the rows into the two grids under the revisions' names,
// the lines only one side has (or replaced) tinted in the colour of a
// removal on the left, of an addition on the right.
func (p *Panel) fillSide() {
	names := [2]string{p.cfg.BeforeName, p.cfg.AfterName}
	tints := [2]*widget.CustomTextGridStyle{{BGColor: tint(style.ChangeRemoved)}, {BGColor: tint(style.ChangeAdded)}}
	for k, g := range p.sides {
		var b strings.Builder
		b.WriteString(names[k])
		for _, r := range p.rows {
			b.WriteString("\n" + untab([2]string{r.Before, r.After}[k]))
		}
		g.SetText(b.String())
		for i, r := range p.rows {
			if line := untab([2]string{r.Before, r.After}[k]); r.Mark != ' ' && line != "" {
				g.SetStyleRange(i+1, 0, i+1, utf8.RuneCountInString(line)-1, tints[k])
			}
		}
		g.Refresh()
	}
}

// tint is c faint enough to read text on, in either theme.
func tint(c color.NRGBA) color.NRGBA { c.A = 0x50; return c }

func untab(s string) string { return strings.ReplaceAll(s, "\t", "    ") }
