package impact

import (
	"context"
	"fmt"
	"sync"

	"github.com/rulestudio/studio/graph"
)

// Config is what to compare: the pack Before and After a change, each named
// for people ("revision 3"), the recorded matches and scenarios to play on
// both, and how many new matches to play on both.
type Config struct {
	Before, After         *graph.Pack
	BeforeName, AfterName string

	Recorded  []Recorded
	Scenarios []Scenario

	// Matches is how many matches to play on both packs (0: none); match i
	// uses seed Seed+i on both, with Seats seats (0: the Before pack's
	// minimum, else 2) and Bots as `studio simulate --bots` takes them (""
	// is "random"). MaxPlies stops a match after that many actions (0: no
	// limit); Jobs is how many matches are played at once (0: GOMAXPROCS).
	Matches  int
	Seed     uint64
	Seats    int
	Bots     string
	MaxPlies int
	Jobs     int

	// Context, when set, stops the run when it is done: Run then returns
	// its error and no Report.
	Context context.Context
	// Progress, when set, is called after each piece of work (a record
	// replayed, a scenario run, a match played on one pack) with how many
	// are done of how many, from any goroutine, one call at a time.
	Progress func(done, total int)
}

// Recorded is a match recorded in the project: its id and name there, and
// its record.
type Recorded struct {
	ID     int64
	Name   string
	Record graph.Record
}

// Scenario is a scenario test: its name, the path its failures name
// (scenario.StoredPath for a project's own), and its YAML.
type Scenario struct {
	Name string
	Path string
	YAML []byte
}

// Report is what Run found. Matches and Scenarios are in the order given;
// Play is nil when no matches were played.
type Report struct {
	Before    string           `json:"before"`
	After     string           `json:"after"`
	Matches   []Replayed       `json:"recorded_matches"`
	Scenarios []ScenarioResult `json:"scenarios"`
	Play      *Comparison      `json:"play,omitempty"`
}

// Run compares c.Before with c.After (see the package documentation). Its
// errors are a pack that cannot be hashed, an unknown bot, c.Before not
// loading when matches are to be played, or c.Context done; what a record
// or a scenario meets is in the Report.
func Run(c Config) (*Report, error) {
	if c.Context == nil {
		c.Context = context.Background()
	}
	total := len(c.Recorded) + len(c.Scenarios) + 2*c.Matches
	var mu sync.Mutex
	done := 0
	tick := func() {
		if c.Progress == nil {
			return
		}
		mu.Lock()
		defer mu.Unlock()
		done++
		c.Progress(done, total)
	}
	r := &Report{Before: c.BeforeName, After: c.AfterName, Matches: []Replayed{}, Scenarios: []ScenarioResult{}}
	for _, rec := range c.Recorded {
		if err := c.Context.Err(); err != nil {
			return nil, err
		}
		r.Matches = append(r.Matches, replayBoth(c.Before, c.After, rec))
		tick()
	}
	if len(c.Scenarios) > 0 {
		before, after := compile(c.Before), compile(c.After)
		for _, s := range c.Scenarios {
			if err := c.Context.Err(); err != nil {
				return nil, err
			}
			r.Scenarios = append(r.Scenarios, runBoth(before, after, s))
			tick()
		}
	}
	if c.Matches > 0 {
		cmp, err := play(c, tick)
		if err != nil {
			return nil, fmt.Errorf("play %d matches: %w", c.Matches, err)
		}
		r.Play = cmp
	}
	return r, nil
}
