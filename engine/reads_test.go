package engine

import (
	"path/filepath"
	"slices"
	"testing"
)

// readsPack has a clause reading each part of a match pure code can read —
// object variables and tags, which objects exist, wrappers (a granted tag, a
// wrapped variable, a wrapped property), player and game variables, the
// state stack and its parameters, a board, a deck, the active player, the
// multiactive set, the step, and each of them in the past through before() —
// and actions that change every one of them.
const readsPack = `format: 1
pack: reads
players: {min: 2, max: 2}
boards: {grid: {width: 3, height: 3}}
decks: [pile]
states:
  - id: 1
    name: gameSetup
    type: manager
    action: |
      pile.create([{"type": t, "type_arg": 1, "nbr": 2} for t in [1, 2, 3]])
      pile.shuffle()
      for p in players:
          p.gold = 0
          create("watcher", owner=p)
      create("token", v=1)
      create("sentinel")
      game.n = 0
      game.turns = 0
    transitions: {"": 2}
  - id: 2
    name: playerTurn
    type: activeplayer
    description: go
    descriptionmyturn: go
    possibleactions: [poke, draw, spawn, cull, heat, cool, mark, pay, both]
    transitions: {poke: 3, draw: 3, spawn: 3, cull: 3, heat: 3, cool: 3, mark: 3, pay: 3, both: 3}
    clauses:
      whenever:
        - name: counted
          condition: |
            game.n > before(lambda: getattr(game, "n", 0)) and state.name == "playerTurn"
          body: game.seen = game.n
  - id: 3
    name: nextPlayer
    type: game
    action: |
      game.turns += 1
      if game.turns >= 40:
          for p in players:
              p.score = p.gold
          next_state("end")
      else:
          activate_next_player()
          next_state("next")
    transitions: {next: 2, end: 99}
    updateGameProgression: true
  - id: 4
    name: together
    type: multipleactiveplayer
    description: everyone
    descriptionmyturn: everyone
    action: set_all_multiactive()
    possibleactions: [ready]
    params: {k: int}
    clauses:
      while:
        - name: calm
          condition: is_multiactive(players[0]) and self.k % 2 == 0
          selector: objects(type="watcher")
          target: [alert]
          wrapper: "True"
        - name: parity
          condition: self.k % 2 == 1
          selector: objects(type="sentinel")
          target: [f1]
          wrapper: "True"
  - id: 99
    name: gameEnd
    type: manager
actions:
  poke:
    params:
      x: {type: int, domain: "[0, 1, 2]"}
    body: |
      game.n += x
      grid.set((x, game.n % 3), player)
      next_state("poke")
  draw:
    precondition: pile.count("deck") > 0
    body: |
      game.last = pile.pick(1, player)[0]
      next_state("draw")
  spawn:
    body: |
      create("token", v=game.n)
      next_state("spawn")
  cull:
    precondition: len(objects(type="token")) > 0
    body: |
      destroy(objects(type="token")[-1])
      next_state("cull")
  heat:
    params:
      t: {type: object, domain: 'objects(type="token")'}
    body: |
      t.v += 1
      t.add_tag("hot")
      next_state("heat")
  cool:
    params:
      t: {type: object, domain: 'objects(tag="hot")'}
    body: |
      t.remove_tag("hot")
      next_state("cool")
  mark:
    body: |
      player.gold += 1
      next_state("mark")
  pay:
    precondition: player.gold > 0
    body: |
      player.gold -= 1
      player.paid = True
      pile.move_all("hand", "deck", player)
      next_state("pay")
  both:
    body: |
      call("together", k=game.n)
      next_state("both")
  ready:
    who: is_multiactive(player)
    body: deactivate(player)
object_types:
  watcher:
    variables:
      owner: {type: player}
      seen: {type: int, value: 0}
      fires: {type: int, value: 0}
    tags: [eye]
    properties:
      alert: "False"
      busy: "False"
      bright: "False"
      size: len(objects(type="token"))
    while:
      - name: corner
        condition: grid.get((0, 0)) == self.owner.no
        target: [bright]
        wrapper: "True"
      - name: rich
        condition: pile.count("hand", self.owner) >= 2
        target: [hot]
      - name: echo
        condition: self.alert
        target: [busy]
        wrapper: "True"
      - name: crowd
        condition: self.size >= 2
        selector: objects(type="token")
        target: [v]
        wrapper: value * 10
    whenever:
      - name: hot-count
        condition: |
          len(objects(tag="hot")) > before(lambda: len(objects(tag="hot")))
        body: self.fires += 1
      - name: token-change
        condition: |
          [t.v for t in objects(type='token')] != before(lambda: [t.v for t in objects(type='token')])
        body: self.seen += 1
      - name: gold
        condition: |
          self.owner.gold > before(lambda: getattr(self.owner, "gold", 0)) and self.bright
        body: self.owner.score += 1
    when:
      - name: late
        condition: game.n >= 6 and self.owner.score > 0 and self.alert
        body: notify("late")
      - name: paid
        condition: '"paid" in dir(self.owner)'
        body: self.fires += 10
  sentinel:
    properties: {f1: "False", f2: "False", f3: "False", f4: "False", f5: "False", f6: "False", f7: "False", f8: "False", f9: "False", f10: "False", f11: "False", f12: "False", f13: "False", f14: "False"}
    while:
      - {name: s1, condition: 'grid.count(active_player) >= 2', target: [f1], wrapper: "True"}
      - {name: s2, condition: 'active_player.no == 1', target: [f2], wrapper: "True"}
      - {name: s3, condition: 'player.no == 2', target: [f3], wrapper: "True"}
      - {name: s4, condition: 'first_active(game)', target: [f4], wrapper: "True"}
      - {name: s5, condition: 'game.step % 3 == 0', target: [f5], wrapper: "True"}
      - {name: s6, condition: 'is_multiactive(players[1])', target: [f6], wrapper: "True"}
      - {name: s7, condition: 'state.name == "together"', target: [f7], wrapper: "True"}
      - {name: s8, condition: 'top_is(game, "together")', target: [f8], wrapper: "True"}
      - {name: s9, condition: 'players[0].score > players[1].score', target: [f9], wrapper: "True"}
      - {name: s10, condition: 'getattr(game, "last", None) != None and game.last.location == "hand"', target: [f10], wrapper: "True"}
      - {name: s11, condition: 'grid.count(active_player)', target: [f11], wrapper: "True"}
      - {name: s12, condition: 'pile.count("hand", player)', target: [f12], wrapper: "True"}
      - {name: s13, condition: 'len(objects(tag="hot")) >= 2', target: [f13], wrapper: "True"}
      - {name: s14, condition: 'self.f1', target: [f14], wrapper: "True"}
    when:
      - name: seen
        condition: '"seen" in dir(game)'
        body: notify("seen")
  token:
    variables:
      v: {type: int, value: 0}
    tags: [coin]
  marker:
    tags: [hot]
scripts:
  main: |
    def first_active(g):
        return g.active_player.no == 1

    def top_is(g, name):
        return g.state == name
`

// withCheckedReads runs f with every reused clause answer computed again and
// compared (a stale answer stops the match with an error).
func withCheckedReads(f func()) {
	checkReads = true
	defer func() { checkReads = false }()
	f()
}

// TestReadSetsChecked: with every reused answer checked, random matches of
// a pack whose clauses read every kind of part (and of the seed effects) run
// without a stale answer, and give the same decisions, views and event log as
// with answers reused unchecked: settle skipping a clause never changes what
// a match does.
func TestReadSetsChecked(t *testing.T) {
	p, err := Parse([]byte(readsPack), "reads.yaml")
	if err != nil {
		t.Fatal(err)
	}
	seeds := bundled(t, "seeds")
	for seed := uint64(1); seed <= 8; seed++ {
		for _, history := range []bool{false, true} {
			for _, c := range []struct {
				name string
				p    *Program
			}{{"reads", p}, {"seeds", seeds}} {
				var checked string
				withCheckedReads(func() { checked = playoutRecord(t, c.p, c.name, 2, seed, history) })
				if got := playoutRecord(t, c.p, c.name, 2, seed, history); got != checked {
					t.Errorf("reusing answers changed the match:\n got %s\nwant %s", got, checked)
				}
			}
		}
	}
}

// TestReadSetsGolden: random matches of readsPack give the decisions, views
// and event logs of testdata/reads.golden, which the engine made before
// settle reused answers (at the commit that added testdata/playouts.golden).
func TestReadSetsGolden(t *testing.T) {
	p, err := Parse([]byte(readsPack), "reads.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var lines []string
	for seed := uint64(1); seed <= 40; seed++ {
		for _, history := range []bool{false, true} {
			lines = append(lines, playoutRecord(t, p, "reads", 2, seed, history))
		}
	}
	checkLines(t, filepath.Join("testdata", "reads.golden"), lines)
}

// TestReadSetsReuse: a random match of the seed effects reuses most of its
// clauses' answers.
func TestReadSetsReuse(t *testing.T) {
	m := newMatch(t, bundled(t, "seeds"), 2, Options{Seed: 3, NoHistory: true})
	if _, err := m.Play(NewRandomBot(3), 0); err != nil {
		t.Fatal(err)
	}
	if m.evals == 0 || m.reused < 4*m.evals {
		t.Errorf("%d answers computed, %d reused: want at least 4 reused for one computed", m.evals, m.reused)
	}
}

// TestReadSetsForks: a fork and a restored state reuse nothing computed for
// another version of the match.
func TestReadSetsForks(t *testing.T) {
	m := seedsMatch(t)
	s := m.save()
	run(t, m, card("elf_lord", 0)+".zone = 'battlefield'")
	run(t, m, card("wood_elf", 0)+".zone = 'battlefield'")
	lord := card("elf_lord", 0)
	if got := eval(t, m, lord+".power"); got != "4" {
		t.Fatalf("lord with an elf: power %s", got)
	}
	f := m.Fork()
	run(t, f, card("wood_elf", 0)+".zone = 'graveyard'")
	if got := eval(t, f, lord+".power"); got != "2" {
		t.Errorf("fork, elf gone: power %s, want 2", got)
	}
	if got := eval(t, m, lord+".power"); got != "4" {
		t.Errorf("the fork changed the match: power %s", got)
	}
	m.restore(s)
	run(t, m, card("wood_elf", 1)+".zone = 'battlefield'")
	if got := eval(t, m, lord+".power"); got != "2" {
		t.Errorf("restored, lord in the library: power %s, want 2", got)
	}
}

// TestReadsNotedOnce: each part a clause's answer read is in its read set
// once, however often the condition read it (the seed effects' conditions
// read every card objects() lists and then some of them again), so that
// asking whether an answer still holds costs a look per part.
func TestReadsNotedOnce(t *testing.T) {
	rp, err := Parse([]byte(readsPack), "reads.yaml")
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []*Program{bundled(t, "seeds"), rp} {
		for seed := uint64(1); seed <= 4; seed++ {
			m := newMatch(t, p, 2, Options{Seed: seed, NoHistory: true})
			sets := 0
			for ply := 0; ply < 30 && !m.Over(); ply++ {
				if _, err := m.Play(NewRandomBot(seed), 1); err != nil {
					t.Fatal(err)
				}
				for _, ms := range append(slices.Clone(m.objMemos), m.frameMemos...) {
					for _, mm := range ms {
						seen := map[read]bool{}
						for _, r := range mm.reads {
							r.ver = 0
							if seen[r] {
								t.Fatalf("%s seed %d: %s read %+v twice: %+v", p.Pack.Name, seed, mm.cond.what, r, mm.reads)
							}
							seen[r] = true
						}
						sets += min(len(mm.reads), 1)
					}
				}
			}
			if sets == 0 {
				t.Fatalf("%s seed %d: no read sets", p.Pack.Name, seed)
			}
		}
	}
}

// loopReadsPack: a when clause whose condition loops over objects() (the
// way objectsShared answers it) and an action that creates the objects it
// counts.
const loopReadsPack = `format: 1
pack: loopreads
players: {min: 2, max: 2}
states:
  - id: 1
    name: gameSetup
    type: manager
    action: create("watcher")
    transitions: {"": 2}
  - id: 2
    name: playerTurn
    type: activeplayer
    description: go
    possibleactions: [heat]
    transitions: {heat: 2}
actions:
  heat:
    body: |
      create("marker")
      next_state("heat")
object_types:
  watcher:
    when:
      - name: hot
        condition: len([t for t in objects(tag="hot")]) >= 2 and any([True for t in objects(tag="hot")])
        body: game.hot = len(objects(tag="hot"))
  marker:
    tags: [hot]
`

// TestLoopOverObjectsNotesItsReads: a condition that reads objects() only
// as a loop's iterable is asked again when an object is created, reused
// answers checked: the clause fires once the second object exists.
func TestLoopOverObjectsNotesItsReads(t *testing.T) {
	p, err := Parse([]byte(loopReadsPack), "loopreads.yaml")
	if err != nil {
		t.Fatal(err)
	}
	withCheckedReads(func() {
		m := newMatch(t, p, 2, Options{Seed: 1})
		for i := 0; i < 3; i++ {
			if err := m.Apply(Move{Seat: m.Active(), Action: "heat"}); err != nil {
				t.Fatal(err)
			}
		}
		if got := eval(t, m, `getattr(game, "hot", 0)`); got != "2" {
			t.Errorf("game.hot %s after three markers, want 2 (the clause fired at the second)", got)
		}
	})
}

// TestUnchangedPastObjects: a read of an object inside before() is checked
// against the past's object (found at its index, elsewhere, or born since
// and read as it is now), not the present's.
func TestUnchangedPastObjects(t *testing.T) {
	m := seedsMatch(t)
	if m.prev == nil || objAt(m.prev.objs, 1) == nil || objAt(m.prev.objs, 2) == nil {
		t.Fatal("want a past with objects 1 and 2 at their indexes")
	}
	past := objAt(m.prev.objs, 1).ver
	now := m.objW(1).ver // a write of the present only
	if now == past {
		t.Fatal("the write gave no new version")
	}
	pastRead := func(id int, ver uint64) []read { return []read{{kind: rdObject, past: true, id: int32(id), ver: ver}} }
	if !m.unchanged(pastRead(1, past)) {
		t.Error("a past read of object 1 at the past's version: changed")
	}
	if m.unchanged(pastRead(1, now)) {
		t.Error("a past read of object 1 at the present's version: unchanged")
	}
	if m.unchanged(pastRead(1, past+1000)) {
		t.Error("a past read at another version: unchanged")
	}
	// Object 2 not at its index in the past (object 1 gone from it).
	gone := *m.prev
	gone.objs = slices.Clone(m.prev.objs[1:])
	m.prev = &gone
	ver2 := objAt(m.st.objs, 2).ver
	if !m.unchanged(pastRead(2, ver2)) || m.unchanged(pastRead(2, ver2+1000)) {
		t.Error("a past read of an object not at its index: not checked against its version")
	}
	// Object 1 born since the past: it reads as it is now.
	if !m.unchanged(pastRead(1, now)) || m.unchanged(pastRead(1, past)) {
		t.Error("a past read of an object born since: not checked against the present")
	}
}
