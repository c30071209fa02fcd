package scene

import (
	"regexp"
	"strconv"
	"strings"

	"github.com/rulestudio/studio/engine"
)

var (
	cardArg   = regexp.MustCompile(`card\((\d+): ([^)]*)\)`) // a card in an event's text: card(22: 2/10)
	objectArg = regexp.MustCompile(`#(\d+)\b`)               // an object: Healer#5
	cellName  = regexp.MustCompile(`^(.+)\[(\d+), (\d+)\]$`) // a board's cell: board[3, 5]
)

// lastMove finds the latest action taken up to now and marks what it
// named: the cells its step changed, the cards among its arguments the
// viewer sees now (engine.Match.SeesCard), the objects it named. A card
// the viewer does not see is "a card" in the move's text.
func (b *builder) lastMove() {
	events := b.m.Events()
	at := -1
	for i := len(events) - 1; i >= 0; i-- {
		if events[i].Kind == engine.EvAction {
			at = i
			break
		}
	}
	if at < 0 {
		return
	}
	e := events[at]
	lm := &LastMove{Step: e.Step + 1, Player: e.Player, Action: e.Name}
	detail := cardArg.ReplaceAllStringFunc(e.Detail, func(s string) string {
		m := cardArg.FindStringSubmatch(s)
		id, _ := strconv.Atoi(m[1])
		if !b.seesCard(id) {
			return "a card"
		}
		face := viewFace(m[2])
		b.markCard(face)
		return b.readFace(face)
	})
	for _, m := range objectArg.FindAllStringSubmatch(detail, -1) {
		id, _ := strconv.Atoi(m[1])
		b.markObject(id)
	}
	if b.markChangedCells(e.Step) {
		events = nil // the boards before the move said it all
	}
	for _, ev := range events[min(at+1, len(events)):] {
		if ev.Step != e.Step {
			break
		}
		if ev.Kind == engine.EvVariable {
			if m := cellName.FindStringSubmatch(ev.Name); m != nil && m[1] == ev.Field {
				x, _ := strconv.Atoi(m[2])
				y, _ := strconv.Atoi(m[3])
				b.markCell(ev.Field, x, y)
			}
		}
	}
	lm.Text = strings.TrimSpace("Player " + strconv.Itoa(e.Player) + " " + e.Name + " " + detail)
	if e.Player >= 1 && e.Player <= b.n {
		lm.Text = strings.TrimSpace(b.names[e.Player-1] + " " + e.Name + " " + detail)
	}
	b.sc.LastMove = lm
}

// viewFace is a card's face as an event's text writes it ("King"/6: a
// string type quoted, as Starlark prints it) written as a view writes it
// (King/6), which hints and the scene's cards are keyed by.
func viewFace(face string) string {
	i := strings.LastIndexByte(face, '/')
	if i < 0 {
		return face
	}
	if typ, err := strconv.Unquote(face[:i]); err == nil {
		return typ + face[i:]
	}
	return face
}

// seesCard reports whether the viewer sees card id now. Event texts do not
// name a card's deck, so with more than one deck no card is taken as seen
// but by the designer.
func (b *builder) seesCard(id int) bool {
	if b.seat == Designer {
		return true
	}
	return len(b.pack.Decks) == 1 && b.m.SeesCard(b.seat-1, b.pack.Decks[0], id)
}

// readFace is face as the only deck's hint reads it.
func (b *builder) readFace(face string) string {
	if len(b.pack.Decks) != 1 {
		return face
	}
	return CardText(b.pack, b.pack.Decks[0], face)
}

// markCard marks the first face-up card of the scene with face.
func (b *builder) markCard(face string) {
	for i := range b.sc.Areas {
		for j := range b.sc.Areas[i].Locations {
			for k := range b.sc.Areas[i].Locations[j].Cards {
				c := &b.sc.Areas[i].Locations[j].Cards[k]
				if !c.Hidden && c.Type+"/"+argString(c.TypeArg) == face {
					c.Last = true
					return
				}
			}
		}
	}
}

func argString(n *int) string {
	if n == nil {
		return ""
	}
	return strconv.Itoa(*n)
}

func (b *builder) markObject(id int) {
	for i := range b.sc.Areas {
		for j := range b.sc.Areas[i].Zones {
			for k := range b.sc.Areas[i].Zones[j].Objects {
				if o := &b.sc.Areas[i].Zones[j].Objects[k]; o.Object == id {
					o.Last = true
				}
			}
		}
	}
}

// markChangedCells marks every occupied cell that differs from the
// boards before step (the snapshot the last move was taken on): the cell
// played and those it turned over, which the events do not list one by
// one. It reports false when the pack has no board or the match keeps no
// snapshot of that step.
func (b *builder) markChangedCells(step int) bool {
	if len(b.v.Boards) == 0 {
		return false
	}
	before, err := b.m.At(step)
	if err != nil {
		return false
	}
	pv, err := before.View(max(b.seat, 1) - 1) // boards are the same in every view
	if err != nil {
		return false
	}
	for name, rows := range b.v.Boards {
		old := pv.Boards[name]
		for y, row := range rows {
			for x, val := range row {
				if val != 0 && (y >= len(old) || x >= len(old[y]) || old[y][x] != val) {
					b.markCell(name, x, y)
				}
			}
		}
	}
	return true
}

func (b *builder) markCell(board string, x, y int) {
	for i := range b.areas[0].Boards {
		bd := &b.areas[0].Boards[i]
		if bd.Name != board {
			continue
		}
		for j := range bd.Cells {
			if bd.Cells[j].X == x && bd.Cells[j].Y == y {
				bd.Cells[j].Last = true
			}
		}
	}
}
