package editor

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"strings"
	"time"

	"github.com/rulestudio/studio/editor/diagram"
	"github.com/rulestudio/studio/engine"
	"github.com/rulestudio/studio/graph"
	"github.com/rulestudio/studio/host"
	"github.com/rulestudio/studio/preview"
)

// HostSettings is what Play > Host Match… asks: per seat "person" (a link
// to hand out) or a bot's spec, the seed, each player's time bank (0: no
// clocks; host.Config.Clock), the address the server listens on
// ("127.0.0.1:0": loopback, a free port) and the folder its records and
// tokens go in ("": a new temporary folder).
type HostSettings struct {
	Seats []string
	Seed  uint64
	Clock time.Duration
	Addr  string
	State string
}

// hosting is a match the window hosts (package host, in this process): the
// server, the designer's hold on it, the listener, and the copy of the
// match the Play panel shows, which follows the server's moves.
type hosting struct {
	srv    *host.Server
	ctl    *host.Control
	http   *http.Server
	base   string // "http://127.0.0.1:PORT"
	state  string
	seats  []graph.Seat
	mirror *preview.Session // the server's moves, taken again: the designer's full view
	cancel context.CancelFunc
	panel  *hostPanel
}

// hostedMatch is the match a window hosts: one, the first.
const hostedMatch = 1

// HostMatch starts hosting a match of the pack as it is now for people's
// browsers, as `studio serve` does, and shows the links (the Hosting
// panel) and the match, followed live, in the Play panel and the
// Debugger. A match hosted already is stopped first.
func (e *Editor) HostMatch(s HostSettings) error {
	if e.pack == nil {
		return errors.New("open a pack to host a match of it")
	}
	e.StopHosting()
	var seats []graph.Seat
	for _, b := range s.Seats {
		if b == person {
			b = ""
		}
		seats = append(seats, graph.Seat{Bot: b})
	}
	dir := s.State
	if dir == "" {
		var err error
		if dir, err = os.MkdirTemp("", "studio-host-"); err != nil {
			return fmt.Errorf("host a match: %w", err)
		}
	}
	pack := e.pack.Clone()
	srv, err := host.New(host.Config{Pack: pack, Source: e.ProjectPath(), Seats: seats, Seed: s.Seed, Clock: s.Clock, Images: e.tableImages(), Matches: 1, State: dir})
	if err != nil {
		return fmt.Errorf("host a match: %w", err)
	}
	ln, err := net.Listen("tcp", s.Addr)
	if err != nil {
		srv.Close()
		return fmt.Errorf("host a match on %s: %w", s.Addr, err)
	}
	h := &hosting{srv: srv, ctl: host.NewControl(srv), base: "http://" + ln.Addr().String(), state: dir, seats: seats}
	h.http = &http.Server{Handler: h.ctl.Handler()}
	go h.http.Serve(ln) //nolint:errcheck // ends with ErrServerClosed at StopHosting
	if h.mirror, err = preview.Replay(pack, designerRecord(h.ctl.Record(hostedMatch)), e.ProjectPath()); err != nil {
		h.shut()
		return fmt.Errorf("host a match: %w", err)
	}
	e.hosting = h
	e.Play.OnTake = e.hostedTake
	e.Play.Remote = func(s *preview.Session) bool { return s == h.mirror }
	e.Play.Elsewhere = h.elsewhere
	e.Play.Show(h.mirror, h.words(), nil)
	e.showMatch()
	e.showHostPanel(h)
	if !loopback(ln.Addr()) {
		e.setStatus("Hosting on " + ln.Addr().String() + ": the links go over the network unencrypted; put a TLS proxy in front (docs/hosting.md).")
	}
	ctx, cancel := context.WithCancel(context.Background())
	h.cancel = cancel
	go e.followHosted(ctx, h)
	return nil
}

// designerRecord is rec with no bots: the window's copy of the match takes
// the server's moves, bots' too, and must never move on its own. A bot's
// seat keeps its bot's name.
func designerRecord(rec graph.Record) graph.Record {
	rec.Seats = append([]graph.Seat(nil), rec.Seats...)
	for i, s := range rec.Seats {
		if s.Bot != "" {
			rec.Seats[i] = graph.Seat{Name: diagram.SeatName(s.Name, s.Bot, i)}
		}
	}
	return rec
}

// loopback reports whether a is on this machine only.
func loopback(a net.Addr) bool {
	tcp, ok := a.(*net.TCPAddr)
	return ok && tcp.IP.IsLoopback()
}

// followHosted hands the window the server's record each time the match
// moves, until ctx ends. The channel is taken before the record is read,
// so a move made in between is not missed.
func (e *Editor) followHosted(ctx context.Context, h *hosting) {
	for {
		changed := h.ctl.Changed(hostedMatch)
		rec := h.ctl.Record(hostedMatch)
		e.do(func() { e.hostedMoved(h, rec) })
		select {
		case <-ctx.Done():
			return
		case <-changed:
		}
	}
}

// hostedMoved takes on the window's copy the moves of rec it has not
// taken yet and shows the newest step.
func (e *Editor) hostedMoved(h *hosting, rec graph.Record) {
	if e.hosting != h {
		return
	}
	have := len(h.mirror.Record().Moves)
	if len(rec.Moves) == have {
		return
	}
	var err error
	for _, gm := range rec.Moves[have:] {
		if err = h.mirror.JumpTo(h.mirror.Head()); err == nil {
			_, err = h.mirror.TakeText(gm)
		}
		if err != nil {
			err = fmt.Errorf("the window's copy of the hosted match cannot follow it: %w", err)
			break
		}
	}
	// A move can take the match through several steps (states that wait
	// for no one); the session's cursor moves by one.
	if jerr := h.mirror.JumpTo(h.mirror.Head()); err == nil {
		err = jerr
	}
	h.panel.refresh()
	if e.Play.Session() != h.mirror {
		return // another match is on the Play panel; Show Match brings this one back
	}
	e.Play.Show(h.mirror, h.words(), err)
	e.Play.OnState("")
}

// showHosted brings the hosted match back to the Play panel and the
// Debugger (another match took them meanwhile).
func (e *Editor) showHosted() {
	h := e.hosting
	if h == nil {
		return
	}
	e.Play.Show(h.mirror, h.words(), nil)
	e.showMatch()
	e.Play.OnState("")
}

// words says, on the Play panel, that the match is hosted and what the
// designer may do in it.
func (h *hosting) words() string {
	switch {
	case h.ctl.Paused(hostedMatch):
		return "Hosted match, paused: moves from the links are refused until you go on (Hosting panel)."
	case len(h.mine()) > 0:
		return "Hosted match: you play " + strings.Join(h.mine(), ", ") + " here; the others play from their links."
	}
	return "Hosted match: people play from their links; it moves here as they do."
}

// mine returns the names of the seats the designer took over.
func (h *hosting) mine() []string {
	var out []string
	for i, s := range h.seats {
		if h.ctl.Taken(hostedMatch, i+1) {
			out = append(out, diagram.SeatName(s.Name, s.Bot, i))
		}
	}
	return out
}

// elsewhere says that seat of s, the hosted match, is played from its link
// until the designer takes it over ("" for a seat taken over, or another
// match shown on the Play panel).
func (h *hosting) elsewhere(s *preview.Session, seat int) string {
	if s != h.mirror || h.ctl.Taken(hostedMatch, seat+1) {
		return ""
	}
	return diagram.SeatName("", h.seats[seat].Bot, seat) + " plays from their link; Take Over that seat (Hosting panel) to play it here."
}

// hostedTake sends a move picked on the Play panel to the server, which
// takes it only for a seat the designer took over; the panel then follows.
func (e *Editor) hostedTake(mv engine.Move) {
	h := e.hosting
	if h == nil {
		return
	}
	if e.Play.Session() != h.mirror { // another match, the designer's own, is shown
		e.Play.OnTake = nil
		e.Play.Take(mv)
		e.Play.OnTake = e.hostedTake
		return
	}
	refuse := func(why string) { e.Play.Show(h.mirror, "Refused: "+why, nil) }
	if h.mirror.Cursor() != h.mirror.Head() {
		refuse("the hosted match is at a later step; move to its newest step (Forward) to play there.")
		return
	}
	if why := h.elsewhere(h.mirror, mv.Seat); why != "" {
		refuse(why)
		return
	}
	gm, err := h.mirror.Match().EncodeMove(mv)
	if err == nil {
		err = h.ctl.Play(hostedMatch, gm)
	}
	if err != nil {
		refuse(err.Error())
	}
}

// StopHosting stops the match hosted (its links stop working); the Play
// panel keeps the match as it was, to look at or save. Without one it
// does nothing.
func (e *Editor) StopHosting() {
	h := e.hosting
	if h == nil {
		return
	}
	e.hosting = nil
	e.Play.OnTake = nil
	e.Play.Remote = nil // the match as it was is the designer's now, clocks and all
	e.Play.Elsewhere = nil
	h.cancel()
	h.shut()
	e.Dock.Remove(PanelHosting)
	e.setStatus("Hosting stopped; the match's record stays in " + h.state + ".")
}

// shut closes the listener and the server (a paused match's bots are let
// go first: Close waits for them).
func (h *hosting) shut() {
	h.ctl.Resume(hostedMatch)
	h.http.Close()
	h.srv.Close()
}
