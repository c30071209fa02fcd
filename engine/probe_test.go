package engine

import (
	"reflect"
	"strings"
	"testing"

	"github.com/rulestudio/studio/graph"
)

// TestProbe: a probe keeping every card is the match (same view after the
// same move); one keeping some keeps those where they are and deals the
// rest of what the seat cannot see again; a traced probe names the
// statement that wrote a variable and the notify call of a notification.
func TestProbe(t *testing.T) {
	pack, err := graph.Parse([]byte(flowPack), "flows.yaml")
	if err != nil {
		t.Fatal(err)
	}
	prog, err := Compile(pack)
	if err != nil {
		t.Fatal(err)
	}
	// A deck to deal: flowPack's setup creates none.
	m, err := prog.NewMatch(2, Options{Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	if err := m.Exec(`deck.create([{"type": t, "type_arg": 1, "nbr": 1} for t in "abcdefghij".elems()])`); err != nil {
		t.Fatal(err)
	}
	if err := m.Exec(`deck.shuffle("deck")`); err != nil {
		t.Fatal(err)
	}
	if err := m.Exec(`deck.pick(3, game.players[0])`); err != nil {
		t.Fatal(err)
	}
	moves, err := m.Legal(0)
	if err != nil || len(moves) == 0 {
		t.Fatal(err, moves)
	}
	same := m.Probe(1, 9, m.All(), true)
	if err := m.Apply(moves[0]); err != nil {
		t.Fatal(err)
	}
	if err := same.Apply(same.Own(moves[0])); err != nil {
		t.Fatal(err)
	}
	a, _ := m.View(1)
	b, _ := same.View(1)
	if !reflect.DeepEqual(a, b) {
		t.Fatalf("a probe keeping every card is not the match:\n%+v\n%+v", a, b)
	}
	lines := strings.Split(flowPack, "\n")
	lineOf := func(prefix string) int {
		for i, l := range lines {
			if strings.HasPrefix(strings.TrimSpace(l), prefix) {
				return i + 1
			}
		}
		t.Fatalf("no line %q", prefix)
		return 0
	}
	if pos, ok := same.Writer(Field{Kind: FieldGame, Name: "b"}); !ok || pos.Line != lineOf("game.b =") {
		t.Errorf("game.b written at %v %v, want line %d", pos, ok, lineOf("game.b ="))
	}
	if pos, ok := same.NotifyWriter(1); !ok || pos.Line != lineOf(`notify("${p} guessed`) {
		t.Errorf("notification 2 at %v %v, want line %d", pos, ok, lineOf(`notify("${p} guessed`))
	}
	if _, ok := same.Writer(Field{Kind: FieldGame, Name: "nothing"}); ok {
		t.Error("a field nobody wrote has a writer")
	}

	// Player 1's view of the rest: player 2 sees only counts.
	hidden := m.Seen(0)
	moved := 0
	for k := uint64(0); k < 20; k++ {
		p := m.Probe(1, k, hidden[:1], false)
		if !p.SeesCard(0, "deck", hidden[0].ID) {
			t.Fatalf("a kept card moved")
		}
		for _, c := range hidden[1:] {
			if !p.SeesCard(0, "deck", c.ID) {
				moved++
			}
		}
	}
	if moved == 0 {
		t.Error("no probe dealt player 1's other cards again")
	}
}
