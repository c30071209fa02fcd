package scene

import (
	"fmt"
	"sort"
	"strconv"

	"github.com/rulestudio/studio/engine"
	"github.com/rulestudio/studio/graph"
)

// Designer is the seat number of the designer's scene: everything seen.
const Designer = 0

// Build returns the scene seat sees of m now (seat from 1; [Designer] for
// the designer's), drawn as pack's display hints say. It reads the match
// only through engine.Match.View (engine.Match.FullView for the designer),
// so it shows nothing the seat's view hides; pack must be the pack m was
// compiled from. It changes nothing in m. An error is the view's (a seat
// the match does not have, an error of the pack's code in args).
func Build(pack *graph.Pack, m *engine.Match, seat int) (*Scene, error) {
	n := m.Seats()
	var v *engine.View
	var err error
	if seat == Designer {
		v, err = m.FullView()
	} else if seat < 1 || seat > n {
		return nil, fmt.Errorf("scene: there is no seat %d (the match has %d)", seat, n)
	} else {
		v, err = m.View(seat - 1)
	}
	if err != nil {
		return nil, fmt.Errorf("scene: %w", err)
	}
	b := &builder{pack: pack, m: m, v: v, seat: seat, n: n, names: m.Names(), hints: pack.Display}
	return b.build(), nil
}

// builder holds what one Build reads.
type builder struct {
	pack  *graph.Pack
	m     *engine.Match
	v     *engine.View
	seat  int // from 1; 0 the designer
	n     int
	names []string
	hints *graph.Display
	sc    *Scene
	areas map[int]*Area // by seat from 1; 0 the centre
}

func (b *builder) build() *Scene {
	v := b.v
	b.sc = &Scene{Pack: b.pack.Name, Step: v.Step, Seat: b.seat, Viewer: "designer", State: v.State, Description: v.Description, Over: v.Over}
	if b.seat > 0 {
		b.sc.Viewer = b.names[b.seat-1]
	}
	for _, s := range v.Active {
		b.sc.Turn = append(b.sc.Turn, s+1)
	}
	if v.Over {
		for _, s := range v.Winners {
			b.sc.Winners = append(b.sc.Winners, s+1)
		}
	}
	b.placeAreas()
	b.counters()
	b.boards()
	b.decks()
	b.objects()
	b.order()
	b.lastMove()
	return b.sc
}

// placeAreas makes the centre and one area per seat, the viewer's (seat
// 1's for the designer) at the bottom and the others round the table to
// its left, as players sit.
func (b *builder) placeAreas() {
	b.sc.Areas = make([]Area, 0, b.n+1)
	b.sc.Areas = append(b.sc.Areas, Area{ID: "centre", Side: "centre"})
	first := max(b.seat, 1) - 1
	for k := 0; k < b.n; k++ {
		s := (first + k) % b.n
		angle := k * 360 / b.n
		a := Area{ID: "seat-" + strconv.Itoa(s+1), Side: side(angle), Angle: angle, Seat: s + 1, Name: b.names[s]}
		a.Color = b.seatColor(s + 1)
		for _, act := range b.v.Active {
			a.Active = a.Active || act == s
		}
		if s < len(b.v.Scores) {
			score := b.v.Scores[s]
			a.Score = &score
		}
		if b.m.Clocked() {
			ms := b.m.Clock(s).Milliseconds()
			a.ClockMS = &ms
		}
		b.sc.Areas = append(b.sc.Areas, a)
	}
	b.areas = make(map[int]*Area, b.n+1)
	b.areas[0] = &b.sc.Areas[0]
	for i := 1; i < len(b.sc.Areas); i++ {
		b.areas[b.sc.Areas[i].Seat] = &b.sc.Areas[i]
	}
}

// seatColor is the colour a board hint gives the cells holding seat's
// number, if any.
func (b *builder) seatColor(seat int) string {
	if b.hints == nil {
		return ""
	}
	for _, bh := range b.hints.Boards {
		if f, ok := graph.Lookup(bh.Cells, strconv.Itoa(seat)); ok && f.Color != "" {
			return f.Color
		}
	}
	return ""
}

// side names where an area at angle (degrees clockwise from the bottom)
// lies: the nearest of eight directions, the four sides first.
func side(angle int) string {
	names := []string{"bottom", "bottom-left", "left", "top-left", "top", "top-right", "right", "bottom-right"}
	return names[((angle+22)%360)/45]
}

// area returns the area of owner (a seat from 1), or the centre for 0 or a
// number that is no seat.
func (b *builder) area(owner int) *Area {
	if a := b.areas[owner]; a != nil {
		return a
	}
	return b.areas[0]
}

// counters adds the game's variables to the centre and each player's to
// their area: those the hints name, in their order, else every one the
// view has, by name.
func (b *builder) counters() {
	var game, player []string
	if b.hints != nil {
		game, player = b.hints.Variables.Game, b.hints.Variables.Player
	}
	centre := b.areas[0]
	for _, k := range pick(game, b.v.Variables) {
		centre.Counters = append(centre.Counters, Counter{ID: "game." + k, Label: k, Value: b.text(b.v.Variables[k])})
	}
	for s, vars := range b.v.Players {
		a := b.areas[s+1]
		for _, k := range pick(player, vars) {
			a.Counters = append(a.Counters, Counter{ID: a.ID + "." + k, Label: k, Value: b.text(vars[k])})
		}
	}
}

// pick returns the names of named that vars has, or all of vars' names,
// sorted, when named is empty.
func pick(named []string, vars map[string]any) []string {
	if len(named) == 0 {
		return sortedKeys(vars)
	}
	var out []string
	for _, k := range named {
		if _, ok := vars[k]; ok {
			out = append(out, k)
		}
	}
	return out
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// text writes a view's value for people: a player by name, a list in
// brackets, a truth as yes or no.
func (b *builder) text(x any) string {
	switch x := x.(type) {
	case nil:
		return "none"
	case string:
		return x
	case bool:
		if x {
			return "yes"
		}
		return "no"
	case map[string]any:
		if p, ok := x["player"].(int); ok && p >= 1 && p <= b.n {
			return b.names[p-1]
		}
	case []any:
		s := "["
		for i, e := range x {
			if i > 0 {
				s += ", "
			}
			s += b.text(e)
		}
		return s + "]"
	}
	return fmt.Sprint(x)
}

// order sorts each area's locations and zones as the hints list them, the
// others after them by name, so that piles hinted one after another lie
// side by side.
func (b *builder) order() {
	rank := func(name string) int {
		if b.hints != nil {
			for i, l := range b.hints.Locations {
				if l.Name == name {
					return i
				}
			}
		}
		return 1 << 30
	}
	for i := range b.sc.Areas {
		a := &b.sc.Areas[i]
		sort.SliceStable(a.Locations, func(i, j int) bool {
			ri, rj := rank(a.Locations[i].Name), rank(a.Locations[j].Name)
			return ri < rj || ri == rj && a.Locations[i].Name < a.Locations[j].Name
		})
		sort.SliceStable(a.Zones, func(i, j int) bool {
			ri, rj := rank(a.Zones[i].Name), rank(a.Zones[j].Name)
			return ri < rj || ri == rj && a.Zones[i].Name < a.Zones[j].Name
		})
	}
}
