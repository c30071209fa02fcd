package host

import (
	"encoding/json"
	"fmt"
	"slices"

	"github.com/rulestudio/studio/engine"
	"github.com/rulestudio/studio/graph"
	"github.com/rulestudio/studio/preview/scene"
)

// spectatorScene is what a spectator sees of m: what every seat sees. It is
// seat 1's scene (the table as the designer's is turned) with each card,
// object and counter that another seat's scene does not show alike hidden
// or left out, and the state's line of a seat whose turn it is not. seats
// are the seats' scenes, seat 1's first.
func spectatorScene(seats []*scene.Scene) (*scene.Scene, error) {
	if len(seats) == 0 {
		return nil, fmt.Errorf("host: a match with no seat")
	}
	var base scene.Scene
	data, err := json.Marshal(seats[0]) // a deep copy: the seat's own stays as it is
	if err == nil {
		err = json.Unmarshal(data, &base)
	}
	if err != nil {
		return nil, err
	}
	others := seats[1:]
	cards, objects, counters := index(others)
	base.Viewer, base.Seat = "spectator", 0
	base.Description = ""
	for s, sc := range seats {
		if !slices.Contains(sc.Turn, s+1) {
			base.Description = sc.Description
			break
		}
	}
	if base.LastMove != nil {
		for _, o := range others {
			if o.LastMove == nil || o.LastMove.Text != base.LastMove.Text {
				base.LastMove.Text = ""
				break
			}
		}
	}
	for i := range base.Areas {
		a := &base.Areas[i]
		a.Counters = slices.DeleteFunc(a.Counters, func(c scene.Counter) bool { return !counters.all(c.ID+"="+c.Value, len(others)) })
		for j := range a.Locations {
			for k := range a.Locations[j].Cards {
				c := &a.Locations[j].Cards[k]
				if c.Hidden || !cards.all(cardKey(*c), len(others)) {
					*c = scene.Card{ID: c.ID, Owner: c.Owner, Hidden: true}
				}
			}
		}
		for j := range a.Zones {
			for k := range a.Zones[j].Objects {
				o := &a.Zones[j].Objects[k]
				if o.Hidden || !objects.all(objectKey(*o), len(others)) {
					*o = scene.Object{ID: o.ID, Object: o.Object, Owner: o.Owner, Hidden: true}
				}
			}
		}
	}
	return &base, nil
}

// counts counts in how many scenes a key was found.
type counts map[string]int

func (c counts) all(key string, n int) bool { return c[key] == n }

// index counts, over scenes, the cards seen by their face, the objects seen
// and the counters, each by its id and what it shows.
func index(scenes []*scene.Scene) (cards, objects, counters counts) {
	cards, objects, counters = counts{}, counts{}, counts{}
	for _, sc := range scenes {
		for _, a := range sc.Areas {
			for _, c := range a.Counters {
				counters[c.ID+"="+c.Value]++
			}
			for _, l := range a.Locations {
				for _, c := range l.Cards {
					if !c.Hidden {
						cards[cardKey(c)]++
					}
				}
			}
			for _, z := range a.Zones {
				for _, o := range z.Objects {
					if !o.Hidden {
						objects[objectKey(o)]++
					}
				}
			}
		}
	}
	return cards, objects, counters
}

func cardKey(c scene.Card) string {
	c.Last = false
	data, _ := json.Marshal(c)
	return string(data)
}

func objectKey(o scene.Object) string {
	o.Last = false
	data, _ := json.Marshal(o)
	return string(data)
}

// spectatorEvents returns the events of step that every seat receives
// alike (see common).
func spectatorEvents(m *engine.Match, step int) []engine.Event {
	per := make([][]engine.Event, m.Seats())
	for s := range per {
		per[s] = m.StepEventsFor(step, s)
	}
	return common(per)
}

// common returns, of the seats' renderings of the same events (per seat),
// those every seat receives: the events all of them see, kept where every
// seat's rendering is the same, their detail left out where they differ.
func common(per [][]engine.Event) []engine.Event {
	for s := range per {
		per[s] = slices.DeleteFunc(per[s], func(e engine.Event) bool { return !e.To.Everyone() })
	}
	if len(per) == 0 {
		return nil
	}
	for _, p := range per[1:] {
		if len(p) != len(per[0]) {
			return nil // not aligned: say nothing rather than too much
		}
	}
	out := per[0]
	for i := range out {
		for _, p := range per[1:] {
			if p[i] != out[i] {
				out[i].Detail, out[i].Before = "", ""
				break
			}
		}
	}
	return out
}

// scenesOf returns what each viewer sees of m, by viewer: the spectator
// (0), then each seat (from 1).
func scenesOf(pack *graph.Pack, m *engine.Match) ([]*scene.Scene, error) {
	out := make([]*scene.Scene, m.Seats()+1)
	for s := 1; s <= m.Seats(); s++ {
		sc, err := scene.Build(pack, m, s)
		if err != nil {
			return nil, err
		}
		out[s] = sc
	}
	sp, err := spectatorScene(out[1:])
	if err != nil {
		return nil, err
	}
	out[0] = sp
	return out, nil
}
