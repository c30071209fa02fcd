package host

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/rulestudio/studio/engine"
)

// MaxBody is the largest request body the API reads, in bytes: a move is a
// few hundred.
const MaxBody = 64 << 10

// Handler serves the page and the API (docs/hosting.md):
//
//	GET  /play                           the page (the token in the link's fragment)
//	GET  /api/matches/{m}/state          the viewer's scene, picture and legal moves
//	GET  /api/matches/{m}/log?since=K    the events of the steps after K as the viewer sees them
//	GET  /api/matches/{m}/updates        server-sent events: the step, each time the match moves
//	POST /api/matches/{m}/move           {"step": K, "action": ..., "args": {...}}
//	GET  /api/matches/{m}/images/PATH    an image a display hint names (images.go)
//
// Every API request carries "Authorization: Bearer TOKEN".
func (s *Server) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /{$}", servePage("index.html"))
	mux.HandleFunc("GET /play", servePage("play.html"))
	mux.Handle("GET /static/", http.FileServerFS(pageFS))
	mux.HandleFunc("GET /api/matches/{m}/state", s.auth(s.getState))
	mux.HandleFunc("GET /api/matches/{m}/log", s.auth(s.getLog))
	mux.HandleFunc("GET /api/matches/{m}/updates", s.auth(s.getUpdates))
	mux.HandleFunc("POST /api/matches/{m}/move", s.auth(s.postMove))
	mux.HandleFunc("GET /api/matches/{m}/images/{path...}", s.auth(s.getImage))
	return mux
}

// auth lets a request through when its token opens match {m}: else 403,
// with nothing in the body to tell a wrong token from another match's.
func (s *Server) auth(h func(http.ResponseWriter, *http.Request, *match, int)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		tok, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
		ref, found := s.tokens.lookup(strings.TrimSpace(tok))
		n, err := strconv.Atoi(r.PathValue("m"))
		if !ok || !found || err != nil || n != ref.match+1 {
			w.WriteHeader(http.StatusForbidden)
			return
		}
		w.Header().Set("Cache-Control", "no-store")
		h(w, r, s.ms[ref.match], ref.seat)
	}
}

func (s *Server) getState(w http.ResponseWriter, r *http.Request, m *match, viewer int) {
	snap := m.snap.Load()
	vw, err := snap.view(viewer)
	var body []byte
	if err == nil {
		body, err = vw.bytes()
	}
	if err != nil {
		s.fail(w, err)
		return
	}
	if age, ok := m.clockAge(snap); ok {
		w.Header().Set(clockAgeHeader, strconv.FormatInt(age.Milliseconds(), 10))
	}
	w.Header().Set("Content-Type", "application/json")
	w.Write(body)
}

// logJSON is the body of GET .../log.
type logJSON struct {
	Since  int        `json:"since"`  // the step asked after
	Step   int        `json:"step"`   // the newest step: ask after it next
	Events []logEvent `json:"events"` // each with the line the page shows (logLine)
}

func (s *Server) getLog(w http.ResponseWriter, r *http.Request, m *match, viewer int) {
	since := -1
	if q := r.URL.Query().Get("since"); q != "" {
		n, err := strconv.Atoi(q)
		if err != nil {
			http.Error(w, "since must be a step number", http.StatusBadRequest)
			return
		}
		since = n
	}
	m.mu.Lock()
	out := m.log(viewer, since)
	m.mu.Unlock()
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(out)
}

// log returns the events of the steps after since, to the newest, as
// viewer sees them (mu held).
func (m *match) log(viewer, since int) logJSON {
	mt := m.sess.Match()
	head := mt.History()
	since = max(min(since, head), -1)
	out := logJSON{Since: since, Step: head, Events: []logEvent{}}
	names := mt.Names()
	for step := since + 1; step <= head; step++ {
		var evs []engine.Event
		if viewer == 0 {
			evs = spectatorEvents(mt, step)
		} else {
			evs = mt.StepEventsFor(step, viewer-1)
		}
		out.Events = append(out.Events, logEvents(m.srv.pack, names, evs)...)
	}
	return out
}

// getUpdates streams the match's step as server-sent events: one now, one
// each time it moves, a comment every 20 seconds to keep proxies from
// closing the stream.
func (s *Server) getUpdates(w http.ResponseWriter, r *http.Request, m *match, viewer int) {
	fl, ok := w.(http.Flusher)
	if !ok {
		s.fail(w, errors.New("streaming unsupported"))
		return
	}
	w.Header().Set("Content-Type", "text/event-stream")
	tick := time.NewTicker(20 * time.Second)
	defer tick.Stop()
	for {
		snap := m.snap.Load()
		fmt.Fprintf(w, "data: {\"step\":%d,\"over\":%t}\n\n", snap.step, snap.over)
		fl.Flush()
	wait:
		for {
			select {
			case <-r.Context().Done():
				return
			case <-snap.changed:
				break wait
			case <-tick.C:
				fmt.Fprint(w, ": still here\n\n")
				fl.Flush()
			}
		}
	}
}

// movePost is the body of POST .../move.
type movePost struct {
	Step   *int            `json:"step"`
	Player int             `json:"player,omitempty"` // optional; must be the token's seat
	Action string          `json:"action"`
	Args   json.RawMessage `json:"args,omitempty"`
}

func (s *Server) postMove(w http.ResponseWriter, r *http.Request, m *match, viewer int) {
	r.Body = http.MaxBytesReader(w, r.Body, MaxBody)
	var mp movePost
	dec := json.NewDecoder(r.Body)
	dec.DisallowUnknownFields()
	if err := dec.Decode(&mp); err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			http.Error(w, "the body is larger than the API reads", http.StatusRequestEntityTooLarge)
			return
		}
		http.Error(w, "the body is not a move: "+err.Error(), http.StatusBadRequest)
		return
	}
	if dec.More() || mp.Step == nil || mp.Action == "" {
		http.Error(w, `a move is one JSON object with "step" and "action"`, http.StatusBadRequest)
		return
	}
	if viewer == 0 || (mp.Player != 0 && mp.Player != viewer) {
		w.WriteHeader(http.StatusForbidden)
		return
	}
	step, err := m.take(viewer-1, *mp.Step, mp.Action, mp.Args)
	switch {
	case errors.Is(err, errStale), errors.Is(err, errFinished):
		http.Error(w, err.Error(), http.StatusConflict)
	case errors.Is(err, errIllegal):
		http.Error(w, err.Error(), http.StatusUnprocessableEntity)
	case errors.Is(err, errStopped):
		http.Error(w, err.Error(), http.StatusServiceUnavailable)
	case errors.Is(err, errPaused):
		http.Error(w, err.Error(), http.StatusLocked)
	case err != nil:
		s.fail(w, err)
	default:
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprintf(w, "{\"step\":%d}\n", step)
	}
}

// fail answers 500 and logs err (which names no token).
func (s *Server) fail(w http.ResponseWriter, err error) {
	s.logf("%v", err)
	http.Error(w, "internal error", http.StatusInternalServerError)
}
