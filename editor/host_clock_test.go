package editor

import (
	"encoding/json"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/rulestudio/studio/editor/internal/testpack"
	"github.com/rulestudio/studio/editor/play"
)

// dialogField is the entry of the dialog on top whose form item is
// labelled label.
func dialogField(t *testing.T, e *Editor, label string) *widget.Entry {
	t.Helper()
	top := e.win.Canvas().Overlays().Top()
	if top == nil {
		t.Fatal("no dialog shows")
	}
	for _, f := range findIn[*widget.Form](top) {
		for _, it := range f.Items {
			if en, ok := it.Widget.(*widget.Entry); ok && it.Text == label {
				return en
			}
		}
	}
	t.Fatalf("the dialog has no field %q", label)
	return nil
}

// clocksOf reads, from a viewer's state, the step and each seat's time
// left in milliseconds, by seat from 1.
func clocksOf(t *testing.T, body []byte) (int, map[int]int64) {
	t.Helper()
	var st struct {
		Step  int `json:"step"`
		Scene struct {
			Areas []struct {
				Seat    int    `json:"seat"`
				ClockMS *int64 `json:"clock_ms"`
			} `json:"areas"`
		} `json:"scene"`
	}
	if err := json.Unmarshal(body, &st); err != nil {
		t.Fatal(err)
	}
	out := map[int]int64{}
	for _, a := range st.Scene.Areas {
		if a.ClockMS != nil {
			out[a.Seat] = *a.ClockMS
		}
	}
	return st.Step, out
}

// TestHostedMatchWithClocks hosts tic-tac-toe from Play > Host Match… with
// a clock of 5m typed in the dialog; moves posted through the API after a
// while on each turn are stored with the time the players took (wait
// moves), and the window's copy of the match follows them: at the
// server's step, with the same time left on each seat's clock as the
// server sends the pages, shown in the Play panel's status; the Play
// panel offers no Wait of its own on the hosted match (its clocks run at
// the server).
func TestHostedMatchWithClocks(t *testing.T) {
	t.Setenv("TMPDIR", t.TempDir()) // the server's folder
	e, _ := newTestEditor(t)
	e.SetPack(testpack.Bundled(t, "tictactoe"), nil)
	settle(e)
	e.hostMatchDialog()
	dialogField(t, e, "Clock").SetText("5m")
	e.windowKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	settle(e)
	if e.hosting == nil {
		t.Fatalf("Enter hosted nothing; status %q", e.status.Text)
	}
	t.Cleanup(e.StopHosting)
	e.Play.ShowPlayTab(play.TextTab) // as hostedEditor: the Table tab draws on a goroutine
	base, tok := e.hosting.base, map[int]string{}
	for _, l := range e.hostedLinks() {
		_, frag, _ := strings.Cut(l.URL, "#")
		_, tok[l.Seat], _ = strings.Cut(frag, "&t=")
	}

	for i := 0; i < 3; i++ {
		seat := 1 + i%2
		// The player thinks: seat 1 long enough at first for its clock to
		// show less than 5:00 (the panel rounds to the second).
		think := 30 * time.Millisecond
		if i == 0 {
			think = 600 * time.Millisecond
		}
		time.Sleep(think)
		_, st := readSeat(t, base, tok[seat])
		if code, body := postFirst(t, base, tok[seat], st); code != http.StatusOK {
			t.Fatalf("seat %d's move: %d %s", seat, code, body)
		}
	}
	rec := e.hosting.ctl.Record(hostedMatch)
	waits := 0
	for _, mv := range rec.Moves {
		if mv.Action == "" && mv.WaitMS > 0 {
			waits++
		}
	}
	if rec.ClockMS != (5*time.Minute).Milliseconds() || waits < 3 {
		t.Fatalf("the server's record: clock %d ms, %d wait moves among %d; want 5m and a wait before each of the 3 moves", rec.ClockMS, waits, len(rec.Moves))
	}
	followed(t, e, len(rec.Moves))

	code, body := apiCall(t, "GET", base+"/api/matches/1/state", tok[0], nil)
	if code != http.StatusOK {
		t.Fatalf("the spectator's state: %d %s", code, body)
	}
	step, clocks := clocksOf(t, body)
	s := e.Play.Session()
	if s.Cursor() != step || s.Head() != step {
		t.Errorf("the window's copy is at step %d (newest %d), the server at %d", s.Cursor(), s.Head(), step)
	}
	if len(clocks) != 2 {
		t.Fatalf("the server sends %d seats' clocks, want 2", len(clocks))
	}
	for seat, ms := range clocks {
		if got := s.Match().Clock(seat - 1).Milliseconds(); got != ms {
			t.Errorf("seat %d's clock: %d ms left in the window, %d at the server", seat, got, ms)
		}
		if ms >= (5 * time.Minute).Milliseconds() {
			t.Errorf("seat %d's clock did not run: %d ms left", seat, ms)
		}
	}
	// A clock that ran, whatever this machine's load made it run: 4:59 on
	// an idle machine, 4:58 seen at a load of 11.
	if !runClockRE.MatchString(e.Play.Status()) {
		t.Errorf("the Play panel's status shows no clock that ran: %q", e.Play.Status())
	}
	for _, b := range findIn[*widget.Button](e.Play.PlayPanel()) {
		if strings.HasPrefix(b.Text, "Wait") && b.Visible() {
			t.Errorf("the Play panel offers %q on the hosted match, whose clocks run at the server", b.Text)
		}
	}
}

// TestHostMatchDialogRefusesBadClock: a clock that is not a time bank
// ("5 minutes", "0s") keeps the dialog up, Host disabled, the reason under
// the field and the focus back in it (Enter used to leave the focus
// nowhere); nothing is hosted. Emptied, the field hosts a match with no
// clocks.
func TestHostMatchDialogRefusesBadClock(t *testing.T) {
	t.Setenv("TMPDIR", t.TempDir())
	e, _ := newTestEditor(t)
	e.SetPack(testpack.Bundled(t, "tictactoe"), nil)
	settle(e)
	e.hostMatchDialog()
	clock := dialogField(t, e, "Clock")
	for _, bad := range []struct{ text, why string }{
		{"5 minutes", "5m or 90s"},
		{"0s", "more than no time"},
		{"-1m", "more than no time"},
	} {
		clock.SetText(bad.text)
		e.windowKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
		settle(e)
		if e.hosting != nil || !e.busy() {
			t.Fatalf("clock %q: hosted %v, dialog up %v", bad.text, e.hosting != nil, e.busy())
		}
		if b := overlayButton(t, e, "Host"); !b.Disabled() {
			t.Errorf("clock %q: Host is enabled", bad.text)
		}
		var texts []string
		for _, tx := range findIn[*canvas.Text](e.win.Canvas().Overlays().Top()) {
			if tx.Visible() {
				texts = append(texts, tx.Text)
			}
		}
		if shown := strings.Join(texts, "\n"); !strings.Contains(shown, bad.why) {
			t.Errorf("clock %q: the dialog does not say why (%q):\n%s", bad.text, bad.why, shown)
		}
		if f := e.win.Canvas().Focused(); f != clock {
			t.Errorf("clock %q: after Enter the focus is on %T, not the Clock field to fix", bad.text, f)
		}
	}
	clock.SetText("")
	test.Tap(overlayButton(t, e, "Host"))
	settle(e)
	if e.hosting == nil {
		t.Fatalf("an empty clock hosted nothing; status %q", e.status.Text)
	}
	t.Cleanup(e.StopHosting)
	if got := e.hosting.ctl.Record(hostedMatch).ClockMS; got != 0 {
		t.Errorf("an empty clock hosted a match with a clock of %d ms", got)
	}
}

// TestHostedMatchFollowsTimeouts: with a clock of 150ms and nobody posting,
// the server's timer plays each clock that runs out (the pack's timeout
// rule, tic-tac-toe's first legal move) until the match ends; the window's
// copy follows the wait moves that did it and ends where the server's
// match ends, with the same record.
func TestHostedMatchFollowsTimeouts(t *testing.T) {
	e, _ := newTestEditor(t)
	e.SetPack(testpack.Bundled(t, "tictactoe"), nil)
	settle(e)
	if err := e.HostMatch(HostSettings{Seats: []string{person, person}, Seed: 1, Clock: 150 * time.Millisecond, Addr: defaultHostAddr, State: t.TempDir()}); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(e.StopHosting)
	e.Play.ShowPlayTab(play.TextTab)
	h := e.hosting
	deadline := time.Now().Add(20 * time.Second)
	for {
		settle(e)
		srv := h.ctl.Record(hostedMatch)
		if over := h.mirror.Match().Over(); over && len(h.mirror.Record().Moves) == len(srv.Moves) {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("after 20s the window's copy holds %d moves (over %v), the server's %d", len(h.mirror.Record().Moves), h.mirror.Match().Over(), len(srv.Moves))
		}
		time.Sleep(20 * time.Millisecond)
	}
	srv := h.ctl.Record(hostedMatch)
	mine := h.mirror.Record()
	for i, mv := range srv.Moves {
		if mv.Action != "" || mv.WaitMS == 0 {
			t.Errorf("server move %d is %s; nobody posted, so every move is a wait whose clock ran out", i+1, mv)
		}
		if mine.Moves[i].String() != mv.String() {
			t.Errorf("move %d: the window took %s, the server %s", i+1, mine.Moves[i], mv)
		}
	}
	_, body := apiCall(t, "GET", h.base+"/api/matches/1/state", tokenOf(t, e, 0), nil)
	if step, _ := clocksOf(t, body); h.mirror.Head() != step {
		t.Errorf("the window's copy ends at step %d, the server's match at %d", h.mirror.Head(), step)
	}
}

// tokenOf is the token of the hosted match's link for seat (0: the
// spectator).
func tokenOf(t *testing.T, e *Editor, seat int) string {
	t.Helper()
	for _, l := range e.hostedLinks() {
		if l.Seat == seat {
			_, frag, _ := strings.Cut(l.URL, "#")
			_, tok, _ := strings.Cut(frag, "&t=")
			return tok
		}
	}
	t.Fatalf("no link for seat %d", seat)
	return ""
}

// runClockRE is a clock of a 5-minute bank that ran, as the Play panel
// writes it.
var runClockRE = regexp.MustCompile(`clock 4:[0-5][0-9]`)
