package editor

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/rulestudio/studio/assets"
	"github.com/rulestudio/studio/editor/play"
	"github.com/rulestudio/studio/graph"
)

// hostedEditor returns an editor hosting a match of the bundled pack name
// with seats, on loopback, and the links' tokens by seat (0 the spectator).
func hostedEditor(t *testing.T, name string, seats []string) (*Editor, string, map[int]string) {
	t.Helper()
	e, _ := newTestEditor(t)
	data, ok := assets.Pack(name)
	if !ok {
		t.Fatalf("no bundled pack %s", name)
	}
	pk, err := graph.Parse(data, name+".yaml")
	if err != nil {
		t.Fatal(err)
	}
	e.SetPack(pk, nil)
	settle(e)
	if err := e.HostMatch(HostSettings{Seats: seats, Seed: 1, Addr: defaultHostAddr, State: t.TempDir()}); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(e.StopHosting)
	// The Text tab in front: the Table tab draws on a goroutine that hands
	// its picture back through fyne.Do, which the test driver runs there
	// and then, racing with the test (editor/play/table.go).
	e.Play.ShowPlayTab(play.TextTab)
	tokens := map[int]string{}
	for _, l := range e.hostedLinks() {
		_, frag, _ := strings.Cut(l.URL, "#")
		_, tok, _ := strings.Cut(frag, "&t=")
		tokens[l.Seat] = tok
	}
	return e, e.hosting.base, tokens
}

// apiCall makes a request of the hosted match's API with token.
func apiCall(t *testing.T, method, url, token string, body []byte) (int, []byte) {
	t.Helper()
	req, err := http.NewRequest(method, url, bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Authorization", "Bearer "+token)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, data
}

// seatState is what a seat's page reads: the step and the first legal move.
type seatState struct {
	Step    int `json:"step"`
	Actions []struct {
		Action string `json:"action"`
		Moves  []struct {
			Args json.RawMessage `json:"args"`
		} `json:"moves"`
	} `json:"actions"`
}

func readSeat(t *testing.T, base, token string) (int, seatState) {
	t.Helper()
	code, body := apiCall(t, "GET", base+"/api/matches/1/state", token, nil)
	var st seatState
	if code == http.StatusOK {
		if err := json.Unmarshal(body, &st); err != nil {
			t.Fatal(err)
		}
	}
	return code, st
}

// postFirst posts the seat's first legal move, as its page would.
func postFirst(t *testing.T, base, token string, st seatState) (int, []byte) {
	t.Helper()
	if len(st.Actions) == 0 {
		t.Fatal("the seat has no move to post")
	}
	a := st.Actions[0]
	body, _ := json.Marshal(map[string]any{"step": st.Step, "action": a.Action, "args": a.Moves[0].Args})
	return apiCall(t, "POST", base+"/api/matches/1/move", token, body)
}

// playActions returns what the Play panel's labels say, one a line.
func playActions(e *Editor) string {
	var lines []string
	for _, l := range findIn[*widget.Label](e.Play.PlayPanel()) {
		if l.Visible() {
			lines = append(lines, l.Text)
		}
	}
	return strings.Join(lines, "\n")
}

// followed waits until the Play panel's match holds n moves.
func followed(t *testing.T, e *Editor, n int) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		settle(e)
		if got := len(e.Play.Session().Record().Moves); got == n {
			return
		} else if time.Now().After(deadline) {
			t.Fatalf("the Play panel's match holds %d moves, want %d", got, n)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// TestHostedMatchFollowsPausesAndTakesOver hosts a tic-tac-toe match of two
// people from the window: a move posted with seat 1's token shows in the
// Play panel; paused, seat 2's move is refused 423 and nothing changes;
// taken over, seat 2's link is refused 403 and the window plays it.
func TestHostedMatchFollowsPausesAndTakesOver(t *testing.T) {
	e, base, tok := hostedEditor(t, "tictactoe", []string{person, person})
	if len(tok) != 3 || tok[0] == "" || tok[1] == "" || tok[2] == "" {
		t.Fatalf("links: %+v, want the spectator's and two seats'", e.hostedLinks())
	}
	if !e.Dock.Has(PanelHosting) || !e.Dock.Has(PanelPlay) {
		t.Fatal("hosting did not dock the Hosting and Play panels")
	}

	_, st := readSeat(t, base, tok[1])
	if code, body := postFirst(t, base, tok[1], st); code != http.StatusOK {
		t.Fatalf("seat 1's move: %d %s", code, body)
	}
	followed(t, e, 1)
	if got := e.Play.Session().Record().Moves[0]; got.Player != 1 || got.Action != st.Actions[0].Action {
		t.Errorf("the Play panel's first move is %s, want seat 1's %s", got, st.Actions[0].Action)
	}
	if !strings.Contains(e.Play.Status(), "Step") {
		t.Errorf("the Play panel's status does not show the step: %q", e.Play.Status())
	}

	test.Tap(e.hosting.panel.pause)
	_, st2 := readSeat(t, base, tok[2])
	code, body := postFirst(t, base, tok[2], st2)
	if code != http.StatusLocked || !strings.Contains(string(body), "paused") {
		t.Errorf("a move while paused: %d %q, want 423 saying it is paused", code, body)
	}
	if _, again := readSeat(t, base, tok[2]); again.Step != st2.Step {
		t.Errorf("the refused move moved the match: step %d -> %d", st2.Step, again.Step)
	}
	test.Tap(e.hosting.panel.pause) // go on

	legal, err := e.Play.Session().Match().LegalAll()
	if err != nil || len(legal) == 0 || legal[0].Seat != 1 {
		t.Fatalf("seat 2's legal moves in the window: %v %v", legal, err)
	}
	if said := playActions(e); !strings.Contains(said, "Player 2 plays from their link") || strings.Contains(said, "acts:") {
		t.Errorf("before Take Over, the Play panel says %q; want no pickers for seat 2, and that the seat plays from its link", said)
	}
	e.Play.Take(legal[0])
	settle(e)
	if n := len(e.Play.Session().Record().Moves); n != 1 || !strings.Contains(e.Play.Message(), "Take Over") {
		t.Errorf("the window played seat 2 before taking it over: %d moves, message %q", n, e.Play.Message())
	}

	test.Tap(e.hosting.panel.takes[2])
	if code, _ := readSeat(t, base, tok[2]); code != http.StatusForbidden {
		t.Errorf("seat 2's link after Take Over: %d, want 403", code)
	}
	if code, _ := readSeat(t, base, tok[1]); code != http.StatusOK {
		t.Errorf("seat 1's link after seat 2 was taken over: %d, want 200", code)
	}
	if said := playActions(e); !strings.Contains(said, "Player 2 acts:") {
		t.Errorf("after Take Over, the Play panel says %q; want seat 2's pickers", said)
	}
	e.Play.Take(legal[0])
	followed(t, e, 2)
	if _, st1 := readSeat(t, base, tok[1]); st1.Step <= st2.Step || len(st1.Actions) == 0 {
		t.Errorf("seat 1's page after the window's move: step %d (was %d), %d actions; want its turn", st1.Step, st2.Step, len(st1.Actions))
	}
}

// TestHostedMatchLeavesAnotherMatchAlone: a match the designer starts
// while hosting keeps the Play panel (the hosted match's moves do not
// replace it) and takes the designer's moves itself; Show Match brings the
// hosted match back with the moves made meanwhile.
func TestHostedMatchLeavesAnotherMatchAlone(t *testing.T) {
	e, base, tok := hostedEditor(t, "tictactoe", []string{person, person})
	if err := e.StartMatch("7", []string{person, person}); err != nil {
		t.Fatal(err)
	}
	own := e.Play.Session()
	_, st := readSeat(t, base, tok[1])
	if code, body := postFirst(t, base, tok[1], st); code != http.StatusOK {
		t.Fatalf("seat 1's move: %d %s", code, body)
	}
	deadline := time.Now().Add(10 * time.Second)
	for len(e.hosting.mirror.Record().Moves) < 1 && time.Now().Before(deadline) {
		settle(e)
		time.Sleep(5 * time.Millisecond)
	}
	if e.Play.Session() != own {
		t.Fatal("a move of the hosted match replaced the designer's own match on the Play panel")
	}
	legal, err := own.Match().LegalAll()
	if err != nil || len(legal) == 0 {
		t.Fatal(legal, err)
	}
	e.Play.Take(legal[0])
	if n := len(own.Record().Moves); n != 1 {
		t.Errorf("the designer's own match holds %d moves after a Take, want 1 (message %q)", n, e.Play.Message())
	}
	test.Tap(e.hosting.panel.show)
	if e.Play.Session() != e.hosting.mirror {
		t.Fatal("Show Match did not bring the hosted match back")
	}
	followed(t, e, 1)
}
