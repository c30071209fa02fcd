package host

import (
	"context"
	"fmt"
	"io/fs"
	"log"
	"strings"
	"sync"
	"time"

	"github.com/rulestudio/studio/graph"
	"github.com/rulestudio/studio/preview"
)

// Config says what a server hosts.
type Config struct {
	Pack    *graph.Pack
	Source  string       // where the pack was read from, kept in records
	Seats   []graph.Seat // per seat a bot, or "" for a person
	Seed    uint64       // match i plays seed+i
	Matches int          // 0: 1
	// Clock is each player's time bank (0: no clocks). Time passes as on a
	// wall clock while a player must act, and is recorded as the wait
	// moves of docs/records.md; a player whose clock runs out plays the
	// pack's timeout rule. While the server is down, or a match paused, no
	// clock runs.
	Clock time.Duration
	// State is the server's folder: serve.json (the matches' arguments and
	// their tokens, readable by its owner only) and, with no Store, the
	// records (DirStore).
	State string
	// Images is where the images the display hints name are read (a
	// project's kept images, the pack's folder: picture.Options.Images);
	// nil: the pictures draw none. The pages fetch them from the API.
	Images fs.FS
	// Store keeps the records; nil: a DirStore in State.
	Store Store
	// Log, when set, is told what goes wrong in a match outside a request
	// (a bot's error, a store that fails). It never sees a token.
	Log *log.Logger
}

// Server hosts matches: see the package comment.
type Server struct {
	pack   *graph.Pack
	cfg    Config
	store  Store
	state  *stateFile
	tokens tokenTable
	images *hintImages // nil: no image drawn
	ms     []*match

	cancel context.CancelFunc
	bots   sync.WaitGroup
}

// New starts the matches of cfg, or resumes them where the store has them
// (their moves played again, the bots' source where the record says), and
// starts their bots. Close stops the bots.
func New(cfg Config) (*Server, error) {
	if cfg.Matches <= 0 {
		cfg.Matches = 1
	}
	hash, err := graph.PackHash(cfg.Pack)
	if err != nil {
		return nil, err
	}
	st, err := loadState(cfg.State, &stateFile{PackHash: hash, Seed: cfg.Seed, Seats: cfg.Seats, Matches: cfg.Matches, ClockMS: cfg.Clock.Milliseconds()})
	if err != nil {
		return nil, err
	}
	s := &Server{pack: cfg.Pack, cfg: cfg, store: cfg.Store, state: st, images: newHintImages(cfg.Pack, cfg.Images)}
	if s.store == nil {
		if s.store, err = NewDirStore(cfg.State); err != nil {
			return nil, err
		}
	}
	recs, err := s.store.Load(cfg.Matches)
	if err != nil {
		return nil, err
	}
	for i := 0; i < cfg.Matches; i++ {
		for seat, tok := range st.Tokens[i] {
			if tok != "" {
				s.tokens.add(tok, seatRef{match: i, seat: seat})
			}
		}
		m, err := s.start(i, recs[i])
		if err != nil {
			return nil, fmt.Errorf("host: match %d: %w", i+1, err)
		}
		s.ms = append(s.ms, m)
	}
	ctx, cancel := context.WithCancel(context.Background())
	s.cancel = cancel
	for _, m := range s.ms {
		s.bots.Add(1)
		go m.run(ctx, &s.bots)
		m.kick()
	}
	return s, nil
}

// start makes match i: anew, or from its record.
func (s *Server) start(i int, rec *graph.Record) (*match, error) {
	m := &match{srv: s, index: i, wake: make(chan struct{}, 1)}
	var err error
	if rec != nil {
		m.sess, err = preview.Replay(s.pack, *rec, s.cfg.Source)
		m.stored = len(rec.Moves)
	} else {
		m.sess, err = preview.New(s.pack, preview.Config{Seats: s.cfg.Seats, Seed: s.cfg.Seed + uint64(i), Source: s.cfg.Source, Clock: s.cfg.Clock})
	}
	if m.sess == nil {
		return nil, err
	}
	if err != nil {
		return nil, err // a stored move the rules refuse now
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	m.toHead() // a new session's cursor is at its start
	m.restart(time.Now())
	if m.sess.Match().Over() {
		if err := m.persist(); err != nil { // killed before its record was written whole
			return nil, err
		}
	}
	snap := m.snapshot()
	if _, err := snap.view(0); err != nil { // a pack whose table cannot be drawn is refused now, not at the first page
		return nil, err
	}
	m.show(snap)
	m.arm()
	return m, nil
}

// Close stops the bots (a bot's move being stored is stored first) and
// closes the records' files of a store it made (Config.Store nil).
func (s *Server) Close() {
	s.cancel()
	s.bots.Wait()
	for _, m := range s.ms {
		m.mu.Lock()
		m.closed = true // a timer firing now lets no time pass
		if m.timer != nil {
			m.timer.Stop()
		}
		m.mu.Unlock()
	}
	if d, ok := s.store.(*DirStore); ok && s.cfg.Store == nil {
		if err := d.Close(); err != nil {
			s.logf("%v", err)
		}
	}
}

func (s *Server) logf(format string, args ...any) {
	if s.cfg.Log != nil {
		s.cfg.Log.Printf(format, args...)
	}
}

// Link is a link to hand out: a seat's page, or a match's spectator page.
type Link struct {
	Match int    // from 1
	Seat  int    // from 1; 0 for the spectator
	Name  string // "Player 2", "spectator"
	URL   string
}

// Links returns, per match, a link per person's seat and one for the
// spectator, under base ("http://127.0.0.1:8080"): base/play#m=MATCH&t=TOKEN. The token is in the
// link's fragment, which a browser never sends to a server or a proxy.
func (s *Server) Links(base string) []Link {
	base = strings.TrimRight(base, "/")
	var out []Link
	for i, toks := range s.state.Tokens {
		for seat, tok := range toks {
			if tok == "" {
				continue
			}
			name := "spectator"
			if seat > 0 {
				name = s.cfg.Seats[seat-1].Name
				if name == "" {
					name = fmt.Sprintf("Player %d", seat)
				}
			}
			out = append(out, Link{Match: i + 1, Seat: seat, Name: name, URL: fmt.Sprintf("%s/play#m=%d&t=%s", base, i+1, tok)})
		}
	}
	return out
}
