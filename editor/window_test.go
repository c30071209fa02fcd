package editor

import (
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/rulestudio/studio/editor/internal/testpack"
	"github.com/rulestudio/studio/editor/ui"
	"github.com/rulestudio/studio/graph"
)

// memStore keeps projects in memory as canonical YAML, with one autosave
// slot per project.
type memStore struct {
	files map[string][]byte

	mu        sync.Mutex
	autosaves map[string][]byte
}

type memProject struct {
	s        *memStore
	path     string
	readOnly bool
}

func (p *memProject) ReadOnly() bool { return p.readOnly }

func (s *memStore) Open(path string) (Project, error) {
	if _, ok := s.files[path]; !ok {
		return nil, os.ErrNotExist
	}
	return &memProject{s: s, path: path}, nil
}

func (s *memStore) OpenReadOnly(path string) (Project, error) {
	if _, ok := s.files[path]; !ok {
		return nil, os.ErrNotExist
	}
	return &memProject{s: s, path: path, readOnly: true}, nil
}

func (s *memStore) Create(path string, p *graph.Pack, message string) (Project, error) {
	proj := &memProject{s: s, path: path}
	if err := proj.Save(p, message); err != nil {
		return nil, err
	}
	return proj, nil
}

func (p *memProject) Path() string { return p.path }
func (p *memProject) Close() error { return nil }
func (p *memProject) Pack() (*graph.Pack, error) {
	data := p.s.files[p.path]
	if data == nil {
		return nil, nil
	}
	return graph.Parse(data, p.path)
}
func (p *memProject) Save(pk *graph.Pack, _ string) error {
	data, err := graph.Marshal(pk)
	p.s.files[p.path] = data
	p.DiscardAutosave()
	return err
}

func (p *memProject) Autosave(pk *graph.Pack) error {
	data, err := graph.Marshal(pk)
	p.s.mu.Lock()
	defer p.s.mu.Unlock()
	if p.s.autosaves == nil {
		p.s.autosaves = map[string][]byte{}
	}
	p.s.autosaves[p.path] = data
	return err
}

func (p *memProject) Recover() (*graph.Pack, bool, error) {
	p.s.mu.Lock()
	data, ok := p.s.autosaves[p.path]
	p.s.mu.Unlock()
	if !ok {
		return nil, false, nil
	}
	pk, err := graph.Parse(data, p.path)
	return pk, err == nil, err
}

func (p *memProject) DiscardAutosave() error {
	p.s.mu.Lock()
	defer p.s.mu.Unlock()
	delete(p.s.autosaves, p.path)
	return nil
}

var queues sync.Map // *Editor -> *Queue

// useQueue makes e hand its fyne.Do work to a queue the test runs.
func useQueue(e *Editor) {
	q := &ui.Queue{}
	queues.Store(e, q)
	e.SetDo(q.Do)
}

// settle waits until the background layouts and checks of e are done and
// applies them.
func settle(e *Editor) {
	if q, ok := queues.Load(e); ok {
		e.Settle(q.(*ui.Queue))
		return
	}
	e.Wait()
}

// newTestEditor returns an editor in a test app, sized like a laptop screen.
func newTestEditor(t *testing.T) (*Editor, *memStore) {
	t.Helper()
	a := test.NewTempApp(t)
	s := &memStore{files: map[string][]byte{}}
	e := New(a, s)
	useQueue(e)
	e.Window().Resize(fyne.NewSize(1200, 800))
	t.Cleanup(func() { e.Window().Close() })
	return e, s
}

func TestTapShowsStateInInspector(t *testing.T) {
	e, _ := newTestEditor(t)
	p := testpack.Example(t)
	e.SetPack(p, nil)
	settle(e)
	if got := e.Inspector.Title(); got != p.Title || got == "" {
		t.Errorf("inspector title with nothing selected = %q", got)
	}
	test.TapAt(e.View, e.View.ToWidget(e.View.Positions()["21"]))
	if got := e.View.Selected(); got != "21" {
		t.Fatalf("selected %q after tapping giveCards", got)
	}
	if got, want := e.Inspector.Title(), "State 21 · giveCards"; got != want {
		t.Errorf("inspector title = %q, want %q", got, want)
	}
	for _, c := range []struct{ path, want string }{
		{"id", "21"},
		{"name", "giveCards"},
		{"type", "multipleactiveplayer"},
		{"description", "Some players must choose 3 cards to give to ${direction}"},
		{"descriptionmyturn", "${you} must choose 3 cards to give to ${direction}"},
		{"args", "argGiveCards"},
		{"possibleactions", "giveCards"},
		{"transitions/0", "giveCards"},
		{"transitions/0/to", "22 · takeCards"},
		{"transitions/1", "skip"},
		{"transitions/1/to", "22 · takeCards"},
	} {
		got, ok := e.Inspector.Field(c.path)
		if !ok || got != c.want {
			t.Errorf("inspector %s = %q (%v), want %q", c.path, got, ok, c.want)
		}
	}
}

func TestInspectorShowsSeedAndExtraFields(t *testing.T) {
	p, err := graph.Load(filepath.Join("..", "graph", "testdata", "sketch.yaml"))
	if err != nil {
		t.Skip("graph/testdata/sketch.yaml:", err)
	}
	e, _ := newTestEditor(t)
	e.SetPack(p, nil)
	settle(e)
	in := e.Inspector
	e.SelectState("ST_TURN")
	for path, want := range map[string]string{"id": "ST_TURN", "id/resolved": "ST_TURN = 2", "phase": "PHASE_MAIN"} {
		if got, _ := in.Field(path); got != want {
			t.Errorf("ST_TURN: %s = %q, want %q", path, got, want)
		}
	}
	e.SelectState("3")
	for path, want := range map[string]string{"params/0": "source", "params/0/type": "object"} {
		if got, _ := in.Field(path); got != want {
			t.Errorf("state 3: %s = %q, want %q", path, got, want)
		}
	}
}

func TestDiagnosticClickSelectsAndCentresState(t *testing.T) {
	e, _ := newTestEditor(t)
	p := testpack.Example(t)
	s := p.State(graph.NumID(40))
	s.Transitions = append(s.Transitions, graph.Transition{Name: "broken", To: graph.NumID(77)})
	e.SetPack(p, nil)
	settle(e)
	ds := e.Diagnostics.Diagnostics()
	idx := -1
	for i, d := range ds {
		if d.Rule == "unknown-target" {
			idx = i
		}
	}
	if idx < 0 {
		t.Fatalf("no unknown-target diagnostic in %v", ds)
	}
	e.Diagnostics.Select(idx)
	if got := e.View.Selected(); got != "40" {
		t.Fatalf("after clicking %q, selected = %q, want 40", ds[idx].Message, got)
	}
	if got := e.Inspector.Title(); got != "State 40 · endHand" {
		t.Errorf("inspector title = %q", got)
	}
	msg, ok := e.Inspector.Value("Diagnostics", "error")
	if !ok || !strings.Contains(msg, "77") {
		t.Errorf("inspector diagnostics = %q", msg)
	}
	c := e.View.ToWidget(e.View.Positions()["40"])
	size := e.View.Size()
	if !near(c.X, size.Width/2) || !near(c.Y, size.Height/2) {
		t.Errorf("state 40 drawn at %v, not centred in %v", c, size)
	}

	// Pan away and click the same diagnostic again: back to the state.
	e.View.Pan(fyne.NewDelta(300, 200))
	e.Diagnostics.Select(idx)
	c = e.View.ToWidget(e.View.Positions()["40"])
	if !near(c.X, size.Width/2) || !near(c.Y, size.Height/2) {
		t.Errorf("second click: state 40 drawn at %v, not centred in %v", c, size)
	}
}
