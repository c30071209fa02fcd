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
	side  *widget.TextGrid
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
	p.side = widget.NewTextGrid()
	p.measure.build(p)
	p.tabs = container.NewAppTabs(
		container.NewTabItem("Side by side", container.NewBorder(p.title, nil, nil, nil, p.side)),
		container.NewTabItem("Impact", p.measure.object()))
	head := widget.NewLabel(p.heading())
	right := container.NewVSplit(container.NewBorder(head, nil, nil, nil, p.list), p.tabs)
	right.Offset = 0.35
	split := container.NewHSplit(p.View, right)
	split.Offset = 0.45
	p.root = split
	return p, nil
}

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
// state (for a change under states/) selected and centred on the graph.
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
		p.View.Select(id)
		p.View.CentreOn(id)
	}
}

// SideBySide returns the rows the side-by-side view shows.
func (p *Panel) SideBySide() []Row { return p.rows }

// fillSide writes the rows into the grid: the revisions' names, then each
// row's two lines in columns, the lines only one side has (or replaced)
// tinted in the colour of a removal or an addition.
func (p *Panel) fillSide() {
	width := utf8.RuneCountInString(p.cfg.BeforeName)
	for _, r := range p.rows {
		width = max(width, utf8.RuneCountInString(untab(r.Before)))
	}
	var b strings.Builder
	b.WriteString(pad(p.cfg.BeforeName, width) + " │ " + p.cfg.AfterName + "\n")
	for _, r := range p.rows {
		b.WriteString(pad(untab(r.Before), width) + " │ " + untab(r.After) + "\n")
	}
	p.side.SetText(strings.TrimSuffix(b.String(), "\n"))
	gone := &widget.CustomTextGridStyle{BGColor: tint(style.ChangeRemoved)}
	came := &widget.CustomTextGridStyle{BGColor: tint(style.ChangeAdded)}
	for i, r := range p.rows {
		row := i + 1
		if r.Mark != ' ' && r.Before != "" {
			p.side.SetStyleRange(row, 0, row, width-1, gone)
		}
		if r.Mark != ' ' && r.After != "" {
			p.side.SetStyleRange(row, width+3, row, width+3+utf8.RuneCountInString(untab(r.After))-1, came)
		}
	}
	p.side.Refresh()
}

// tint is c faint enough to read text on, in either theme.
func tint(c color.NRGBA) color.NRGBA { c.A = 0x50; return c }

func untab(s string) string { return strings.ReplaceAll(s, "\t", "    ") }

func pad(s string, w int) string {
	return s + strings.Repeat(" ", max(0, w-utf8.RuneCountInString(s)))
}
