package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/rulestudio/studio/graph"
	"github.com/rulestudio/studio/graph/packfile"
	"github.com/rulestudio/studio/host"
	"github.com/rulestudio/studio/project"
	"github.com/spf13/cobra"
)

func init() {
	var (
		addr, seats, state string
		seed               uint64
		matches            int
		clock              time.Duration
	)
	cmd := &cobra.Command{
		Use:   "serve PACK|PROJECT",
		Short: "Host matches for people to play in their browsers",
		Long: `serve hosts matches of PACK for people to play in their browsers: it prints a
secret link per person's seat and a spectator link for each match, then serves
them until interrupted (Ctrl+C). Bots play their seats on their own.

--seats gives each seat "human" or a bot, separated by commas
("human,human,mcts:200"), or one for every seat of the pack's least number of
players. --matches N hosts N matches, match i on seed S+i.

Every move accepted is written before it is acknowledged: for a project, in the
project file (studio matches lists them); for a pack, as files in the --state
folder (journal.log, the moves of every match, then match-N.json, a record
studio replay reads).
Killed and started again with the same arguments, serve goes on with every match
where it was, bots included, and the same links work. The --state folder
(default serve-PACKNAME in the current folder) holds the links' tokens: keep it
private.

--clock gives each player a time bank (5m, 90s): it runs while they must act, a
bot's time to choose is not counted, and a player whose clock runs out has the
pack's timeout rule play for them (BGA's zombie turn without one). The time used
is stored with the moves, so records replay the same clocks. No clock runs while
the server is down.

It listens on 127.0.0.1:8080 by default, this machine only. Another --addr lets
others connect and prints a warning: the links are plain HTTP, so put a reverse
proxy with TLS in front (docs/hosting.md).`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
			defer stop()
			return serve(ctx, cmd.OutOrStdout(), cmd.ErrOrStderr(), args[0], addr, seats, state, seed, matches, clock)
		},
	}
	f := cmd.Flags()
	f.StringVar(&addr, "addr", "127.0.0.1:8080", "address to listen on (host:port; port 0 picks a free one)")
	f.StringVar(&seats, "seats", "human", `"human" or a bot per seat, separated by commas, or one for every seat`)
	f.Uint64Var(&seed, "seed", 1, "seed of the first match (match i plays seed+i)")
	f.IntVar(&matches, "matches", 1, "number of matches")
	f.DurationVar(&clock, "clock", 0, "each player's time bank (5m, 90s; 0: no clocks)")
	f.StringVar(&state, "state", "", "folder of the links' tokens and, for a pack, the records (default serve-PACKNAME)")
	rootCmd.AddCommand(cmd)
}

// serve runs `studio serve` until ctx ends.
func serve(ctx context.Context, stdout, stderr io.Writer, arg, addr, seatSpec, state string, seed uint64, matches int, clock time.Duration) error {
	if clock < 0 {
		return fmt.Errorf("--clock %v: a time bank is 0 (no clocks) or more, as 5m or 90s", clock)
	}
	pack, source, err := loadPackArg(arg, stderr)
	if err != nil {
		return err
	}
	n := len(strings.Split(seatSpec, ","))
	if n == 1 {
		n = 2
		if pl := pack.Players; pl != nil && pl.Min > 0 {
			n = pl.Min
		}
	}
	seats, err := parseSeats(seatSpec, n)
	if err != nil {
		return errors.New(strings.Replace(err.Error(), "--bots", "--seats", 1))
	}
	if state == "" {
		state = "serve-" + pack.Name
	}
	cfg := host.Config{Pack: pack, Source: source, Seats: seats, Seed: seed, Matches: matches, Clock: clock, State: state,
		Log: log.New(stderr, "studio serve: ", log.LstdFlags)}
	var proj *project.Project
	if packfile.Detect(arg) == packfile.Project {
		if proj, err = project.Open(arg, project.Options{}); err != nil {
			return err
		}
		defer proj.Close()
		cfg.Store = &hostedStore{p: proj, key: fmt.Sprintf("serve %s seed %d", filepath.Base(state), seed), ids: map[int]int64{}}
	}
	if cfg.Images, err = packImages(source, proj); err != nil { // the pages fetch the hints' images
		return err
	}
	srv, err := host.New(cfg)
	if err != nil {
		return err
	}
	defer srv.Close()
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return fmt.Errorf("serve: %w", err)
	}
	base := "http://" + ln.Addr().String()
	if !isLoopback(ln.Addr()) {
		fmt.Fprintf(stderr, "warning: serving on %s, which other machines can reach, over plain HTTP: the links' tokens travel unencrypted. Put a reverse proxy with TLS in front (docs/hosting.md).\n", ln.Addr())
	}
	fmt.Fprintf(stdout, "serving %s on %s (Ctrl+C stops; started again with the same arguments, every match goes on)\n", pack.Name, base)
	for _, l := range srv.Links(base) {
		fmt.Fprintf(stdout, "match %d %-10s %s\n", l.Match, l.Name, l.URL)
	}
	// Requests live in ctx, so that an interrupt ends the pages' update
	// streams too and Shutdown does not wait for them.
	hs := &http.Server{Handler: srv.Handler(), ReadHeaderTimeout: 10 * time.Second,
		BaseContext: func(net.Listener) context.Context { return ctx }}
	errc := make(chan error, 1)
	go func() { errc <- hs.Serve(ln) }()
	select {
	case err := <-errc:
		return fmt.Errorf("serve: %w", err)
	case <-ctx.Done():
	}
	shut, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	return hs.Shutdown(shut)
}

// isLoopback reports whether a listening address is this machine's only.
func isLoopback(a net.Addr) bool {
	ta, ok := a.(*net.TCPAddr)
	return ok && ta.IP.IsLoopback()
}

// hostedStore keeps a server's matches in a project file, each stored as
// it starts and updated at every move (host.Store). Match i is the project's
// match named "KEY match i+1".
type hostedStore struct {
	p   *project.Project
	key string
	mu  sync.Mutex
	ids map[int]int64 // match -> the project's id
}

func (s *hostedStore) lookup(i int) (int64, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	id, ok := s.ids[i]
	return id, ok
}

func (s *hostedStore) set(i int, id int64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.ids[i] = id
}

func (s *hostedStore) name(i int) string { return fmt.Sprintf("%s match %d", s.key, i+1) }

func (s *hostedStore) Load(n int) ([]*graph.Record, error) {
	ms, err := s.p.Matches()
	if err != nil {
		return nil, err
	}
	out := make([]*graph.Record, n)
	for i := range out {
		for _, m := range ms {
			if m.Name == s.name(i) {
				rec := m.Record
				out[i], s.ids[i] = &rec, m.ID
			}
		}
	}
	return out, nil
}

func (s *hostedStore) Save(i int, rec graph.Record) error {
	id, ok := s.lookup(i)
	if ok {
		return s.p.UpdateMatch(id, rec)
	}
	id, err := saveMatch(s.p, s.name(i), rec)
	if err == nil {
		s.set(i, id)
	}
	return err
}

func (s *hostedStore) Finish(i int, rec graph.Record) error { return s.Save(i, rec) }
