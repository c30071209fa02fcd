package engine

import (
	"fmt"
	"strings"
	"testing"
)

// withoutObjLoopIndex runs f with every loop over objects() run in full.
func withoutObjLoopIndex(f func()) {
	objLoopIndex = false
	defer func() { objLoopIndex = true }()
	f()
}

// objLoopsPack has loops over objects() that compare a variable with a
// constant first, in every place code runs: a domain and a precondition
// (pure), bodies that write what they loop over (the zone of the objects
// still to come), clauses settle asks under read tracking, a before() of
// one. A token declares no zone (it assigns one, undeclared), a gem's n is
// a float (1.0 == 1 holds), a gem's shine is wrapped by a while clause (its
// loops run in full), and cards are made and destroyed as it plays.
const objLoopsPack = `format: 1
pack: objloops
players: {min: 2, max: 2}
states:
  - id: 1
    name: gameSetup
    type: manager
    action: |
      for p in players:
          p.life = 20
          for i in range(6):
              create("card", owner=p, n=i % 4)
          t = create("token", owner=p)
          t.zone = "deck"
          create("gem", owner=p, n=1.0)
      game.turns = 0
    transitions: {"": 2}
  - id: 2
    name: turn
    type: activeplayer
    description: go
    descriptionmyturn: go
    possibleactions: [play, draw, burn, stamp, spawn, cull, polish, pass]
    transitions: {play: 3, draw: 3, burn: 3, stamp: 3, spawn: 3, cull: 3, polish: 3, pass: 3}
  - id: 3
    name: next
    type: game
    action: |
      game.turns += 1
      if game.turns >= 24:
          for p in players:
              p.score = p.life
          next_state("end")
      else:
          activate_next_player()
          next_state("next")
    transitions: {next: 2, end: 99}
  - {id: 99, name: gameEnd, type: manager, description: End}
actions:
  play:
    params:
      c: {type: object, domain: "[o for o in objects(tag='card') if o.zone == 'hand' and o.owner == player]"}
    body: c.zone = "table"
  draw:
    precondition: len(in_zone(player, "deck")) > 0
    body: |
      for o in objects():
          if "deck" == o.zone and o.owner == player and len(in_zone(player, "hand")) < 4:
              o.zone = "hand"
  burn:
    precondition: any([o.owner == player for o in objects() if o.zone == "table"])
    body: |
      for o in objects(tag="card"):
          if o.zone == "table":
              o.zone = "grave"
              o.n += 1
  stamp:
    params:
      k: {type: int, domain: "sorted(set([o.id for o in objects(tag='numbered') if o.n == 1] + [0]))"}
    body: |
      for o in objects(tag="numbered"):
          if o.n == 2 and o.id > k:
              o.n = 3
  spawn:
    body: create("card", owner=player, n=len(objects()) % 4, zone="hand")
  cull:
    precondition: len([o for o in objects("card") if o.zone == "grave"]) > 0
    body: destroy([o for o in objects("card") if o.zone == "grave"][-1])
  polish:
    params:
      g: {type: object, domain: "[o for o in objects('gem') if o.shine == 0 and o.owner == player]"}
    body: g.n += 0.5
  pass:
    body: next_state("pass")
object_types:
  card:
    variables:
      owner: {type: player}
      zone: {type: string, value: deck}
      n: {type: int, value: 0}
    tags: [card, numbered]
    whenever:
      - name: crowd
        condition: |
          self.zone == "table" and before(lambda: self.zone) != "table" and
              len([o for o in objects(tag="card") if o.zone == "table" and o.owner == self.owner]) > 2
        body: self.owner.life -= 1
      - name: fresh
        condition: |
          len(in_zone(self.owner, "hand")) > before(lambda: len(in_zone(self.owner, "hand")))
        body: self.owner.life += 0
    when:
      - name: burnt
        condition: self.zone == "grave" and any([o.n > 2 for o in objects() if o.zone == "grave"])
        body: self.owner.life -= 2
  token:
    variables:
      owner: {type: player}
    tags: [bit]
  gem:
    variables:
      owner: {type: player}
      zone: {type: string, value: vault}
      n: {type: float, value: 0.0}
      shine: {type: int, value: 0}
    tags: [numbered]
    while:
      - name: bright
        condition: self.n > 1
        target: [shine]
        wrapper: value + 1
scripts:
  main: |
    def in_zone(p, z):
        return [o for o in objects() if o.zone == z and o.owner == p]
`

// objLoopPacks are the packs the index is compared on: every bundled pack,
// the preview's test packs, the reads pack and objLoopsPack.
func objLoopPacks(t *testing.T) map[string]*Program {
	packs := map[string]*Program{}
	for _, c := range settlePacks(t) {
		packs[c.name] = c.p
	}
	p, err := Parse([]byte(objLoopsPack), "objloops.yaml")
	if err != nil {
		t.Fatalf("objloops: %v", err)
	}
	packs["objloops"] = p
	return packs
}

// branchRecord plays a match of p with a random bot and, every few plies,
// steps back (At), forks, counts a perft of depth 2 and plays on the
// branches: what they give (events, hashes, scores, objects, errors) as
// text.
func branchRecord(t *testing.T, p *Program, seats int, seed uint64, opts Options) string {
	t.Helper()
	opts.Seed = seed
	m := newMatch(t, p, seats, opts)
	var b strings.Builder
	bot := NewRandomBot(seed)
	for ply := 0; ply < 60 && m.Waiting(); ply++ {
		_, err := m.Play(bot, 1)
		checkObjMarks(t, m)
		fmt.Fprintf(&b, "ply %d step %d hash %x scores %v err %v\n", ply, m.Step(), m.Hash(), m.Scores(), errText(err))
		if err != nil {
			break
		}
		if ply%4 != 3 {
			continue
		}
		if counts, err := m.Perft(2); true {
			fmt.Fprintf(&b, "perft %v %v hash %x\n", counts, errText(err), m.Hash())
		}
		branches := []*Match{m.Fork()}
		if h := m.History(); h > 0 {
			back, err := m.At(h / 2)
			if err != nil {
				t.Fatal(err)
			}
			branches = append(branches, back)
		}
		for i, f := range branches {
			plies, err := f.Play(NewRandomBot(seed+uint64(ply)), 3)
			fmt.Fprintf(&b, "branch %d: %d plies step %d hash %x %v %s\n", i, plies, f.Step(), f.Hash(), f.Objects(), errText(err))
		}
	}
	fmt.Fprintf(&b, "%s%v", eventLines(m.Events()), m.Objects())
	return b.String()
}

// TestObjLoopsAsFull: loops over objects() visiting objects by their marks
// play every bundled pack, the preview's test packs and objLoopsPack
// exactly as loops running every iteration, and as Starlark's
// interpreter: the same events, hashes, scores, objects and errors, with
// history and without, across steps back, forks and perft; and with every
// answer settle reuses computed again (the reads of the objects a loop
// passes over are noted).
func TestObjLoopsAsFull(t *testing.T) {
	seeds := uint64(4)
	if testing.Short() {
		seeds = 2
	}
	for name, p := range objLoopPacks(t) {
		if name == "hearts" && testing.Short() {
			continue
		}
		seats := 2
		if pl := p.Pack.Players; pl != nil && pl.Min > 0 {
			seats = pl.Min
		}
		for seed := uint64(1); seed <= seeds; seed++ {
			for _, opts := range []Options{{}, {NoHistory: true}} {
				got := branchRecord(t, p, seats, seed, opts)
				var full, checked, interp string
				withoutObjLoopIndex(func() { full = branchRecord(t, p, seats, seed, opts) })
				withCheckedReads(func() { checked = branchRecord(t, p, seats, seed, opts) })
				opts.Interpret = true
				interp = branchRecord(t, p, seats, seed, opts)
				if got != full || got != interp {
					t.Fatalf("%s seed %d: visiting by marks changed the match:\n%s", name, seed, firstLineDiff(got, full, interp))
				}
				if checked != got {
					t.Fatalf("%s seed %d: a reused answer differs (a read not noted):\n%s", name, seed, firstLineDiff(checked, got, got))
				}
			}
		}
	}
}

// firstLineDiff names the first line where got differs from full or interp.
func firstLineDiff(got, full, interp string) string {
	g, f, in := strings.Split(got, "\n"), strings.Split(full, "\n"), strings.Split(interp, "\n")
	for i := range g {
		fl, il := "<end>", "<end>"
		if i < len(f) {
			fl = f[i]
		}
		if i < len(in) {
			il = in[i]
		}
		if g[i] != fl || g[i] != il {
			return fmt.Sprintf("line %d\n     got %s\n    full %s\n  interp %s", i+1, g[i], fl, il)
		}
	}
	return fmt.Sprintf("got has %d lines, full %d, interp %d", len(g), len(f), len(in))
}

// objFuzzPack is a pack whose one action runs BODY over objects of three
// types: cards (zone a string, n an int), gems (zone of any type, n a
// float) and tokens (neither), with a watcher whose clause loops over the
// zones under read tracking.
const objFuzzPack = `format: 1
pack: objfuzz
players: {min: 2, max: 2}
states:
  - id: 1
    name: gameSetup
    type: manager
    action: |
      create("watcher")
      for z in ["hand", "deck", "hand", "table"]:
          create("card", zone=z, n=len(objects()))
      create("gem", zone=1, n=1.0)
      create("gem", zone="hand", n=2.0)
    transitions: {"": 2}
  - id: 2
    name: turn
    type: activeplayer
    description: go
    possibleactions: [go]
    transitions: {go: 2, end: 99}
  - {id: 99, name: gameEnd, type: manager, description: End}
actions:
  go:
    body: |
      BODY
object_types:
  card:
    variables:
      zone: {type: string, value: deck}
      n: {type: int, value: 0}
    tags: [zoned]
  gem:
    variables:
      zone: {}
      n: {type: float, value: 0.0}
    tags: [zoned]
  token:
    tags: [bit]
  watcher:
    variables:
      zone: {type: string, value: watch}
      seen: {type: int, value: 0}
    whenever:
      - name: hands
        condition: |
          len([o for o in objects(tag="zoned") if o.zone == "hand" and o.id > 0]) != before(lambda: hands())
        body: self.seen += 1
scripts:
  main: |
    def hands():
        return len([o for o in objects(tag="zoned") if o.zone == "hand"])
`

// objFuzzBody builds, from data, statements that write, make and destroy
// objects and loop over objects() comparing zone (or n) with a constant
// first, telling what each loop found.
func objFuzzBody(data []byte) string {
	pick := func(xs []string) string {
		if len(data) == 0 {
			return xs[0]
		}
		b := data[0]
		data = data[1:]
		return xs[int(b)%len(xs)]
	}
	consts := []string{`"hand"`, `"deck"`, `"table"`, "1", "2", `"x"`}
	anys := []string{`"hand"`, `"deck"`, "1", "2", "1.0", "None", "True", `"x"`, "[1]"}
	strs := []string{`"hand"`, `"deck"`, `"table"`}
	iters := []string{"", `tag="zoned"`, `"gem"`, `"card"`, `type="card", tag="zoned"`}
	var b strings.Builder
	for i := 0; len(data) > 0 && i < 12; i++ {
		k := pick(consts)
		first := pick([]string{"o.zone == " + k, k + " == o.zone", "(o.zone == " + k + ")", "o.n == " + pick([]string{"1", "2", "3"})})
		cond := pick([]string{first, first + " and o.id % 2 == 0", "(" + first + " and o.id > 2) and o.n >= 0", first + " or o.id == 3"})
		switch pick([]string{"list", "any", "for", "setcard", "setgem", "create", "destroy"}) {
		case "list":
			fmt.Fprintf(&b, "notify(str([%s for o in objects(%s) if %s]))\n", pick([]string{"o.id", "o.zone", "o.n"}), pick(iters), cond)
		case "any":
			fmt.Fprintf(&b, "notify(str(%s([o.id > 2 for o in objects(%s) if %s])))\n", pick([]string{"any", "all"}), pick(iters), cond)
		case "for":
			fmt.Fprintf(&b, "for o in objects(%s):\n    if %s:\n        o.zone = %s\n        notify(str(o.id))\n", pick(iters), cond, pick(strs))
		case "setcard":
			fmt.Fprintf(&b, "cs = objects(\"card\")\nif cs:\n    cs[%d %% len(cs)].zone = %s\n", i, pick(strs))
		case "setgem":
			fmt.Fprintf(&b, "gs = objects(\"gem\")\nif gs:\n    gs[%d %% len(gs)].zone = %s\n", i, pick(anys))
		case "create":
			fmt.Fprintf(&b, "%s\n", pick([]string{`create("card", zone=` + pick(strs) + `, n=2)`, `create("gem", zone=` + pick(anys) + `)`, `create("token")`}))
		case "destroy":
			fmt.Fprintf(&b, "zs = objects(tag=\"zoned\")\nif zs:\n    destroy(zs[%d %% len(zs)])\n", i)
		}
	}
	b.WriteString(`next_state("go")`)
	return b.String()
}

// FuzzObjLoop: an action whose body (built by objFuzzBody) loops over
// objects() comparing a variable with a constant first, among writes,
// creations and destructions of the objects, and a clause that loops so
// under read tracking, give the same events and error (message, place,
// backtrace) with loops visiting by marks, running every iteration, and
// through Starlark's interpreter, under a budget the loops may pass
// midway. go test -fuzz FuzzObjLoop ./engine explores further.
func FuzzObjLoop(f *testing.F) {
	for _, seed := range []string{"", "\x00\x00\x01\x02\x00", "\x02\x01\x00\x03\x02\x02\x05", "\x03\x04\x01\x00\x06\x02\x00\x00\x01", "\x01\x05\x03\x01\x04\x00\x02\x01\x00\x03"} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		budget := []uint64{0, 300, 900, 2000}[0]
		if len(data) > 0 {
			budget, data = []uint64{0, 300, 900, 2000}[data[0]%4], data[1:]
		}
		body := objFuzzBody(data)
		p, err := Parse([]byte(strings.Replace(objFuzzPack, "BODY", strings.ReplaceAll(body, "\n", "\n      "), 1)), "fuzz.yaml")
		if err != nil {
			t.Fatalf("%s: %v", body, err)
		}
		if p.directHooks != p.hooks {
			t.Fatalf("%s: no direct form", body)
		}
		play := func(opts Options) string {
			opts.Seed, opts.Budget = 1, budget
			m := newMatch(t, p, 2, opts)
			err := applyFirst(t, m)
			for i := 0; i < 2 && err == nil && m.Waiting(); i++ {
				err = applyFirst(t, m) // the clause asked again, after changes
			}
			return eventLines(m.Events()) + errText(err)
		}
		var full, checked string
		got := play(Options{})
		withoutObjLoopIndex(func() { full = play(Options{}) })
		withCheckedReads(func() { checked = play(Options{}) })
		interp := play(Options{Interpret: true})
		if got != full || got != interp || got != checked {
			t.Fatalf("%s\n%s", body, firstLineDiff(got, full, interp))
		}
	})
}

// checkObjMarks fails t unless m's marks, when they describe its present
// objects, are those marking every object afresh would give: each
// object's mark and the counts.
func checkObjMarks(t *testing.T, m *Match) {
	t.Helper()
	if m.keptObjIndex() == nil {
		return
	}
	kept := m.objIndexNow()
	fresh := &objMarks{stale: true, vars: make([]varMarks, len(m.p.objVars))}
	for i, v := range m.p.objVars {
		fresh.vars[i].count = make([]int32, len(v.lits)+1)
	}
	fresh.build(m)
	for k, v := range m.p.objVars {
		for _, ob := range m.st.objs {
			if got, want := kept.markAt(k, ob.id), fresh.markAt(k, ob.id); got != want {
				t.Fatalf("step %d: object %d's mark of %s is %d, marked afresh %d", m.Step(), ob.id, v.name, got, want)
			}
		}
		if got, want := fmt.Sprint(kept.vars[k].count), fmt.Sprint(fresh.vars[k].count); got != want {
			t.Fatalf("step %d: the counts of %s are %s, marked afresh %s", m.Step(), v.name, got, want)
		}
	}
}

// objBoundPack makes N cards, a few in hand, and offers an action whose
// domain and body loop over them all, comparing the zone first.
const objBoundPack = `format: 1
pack: objbound
players: {min: 2, max: 2}
states:
  - id: 1
    name: gameSetup
    type: manager
    action: |
      for i in range(N):
          create("card", zone="hand" if i % 97 == 5 else "deck", n=i)
    transitions: {"": 2}
  - id: 2
    name: turn
    type: activeplayer
    description: go
    possibleactions: [go]
    transitions: {go: 2, end: 99}
  - {id: 99, name: gameEnd, type: manager, description: End}
actions:
  go:
    params:
      c: {type: object, domain: "[o for o in objects() if o.zone == 'hand' and o.n % 2 == 1]"}
    precondition: len([len([o for o in objects() if o.zone == "hand" and o.n >= 0]) for r in range(40)]) > 0
    body: |
      for r in range(120):
          x = [o.n for o in objects(tag="card") if "hand" == o.zone and o.n > r]
      for o in objects():
          if o.zone == "deck" and o.n % 50 == 0:
              o.zone = "hand"
      notify(str(x) + str(len([o for o in objects() if o.zone == "hand"])))
object_types:
  card:
    variables:
      zone: {type: string, value: deck}
      n: {type: int, value: 0}
    tags: [card]
`

// TestObjLoopStepBound: loops that pass their bound of steps midway, over
// objects most of which they pass over, stop where running every
// iteration stops: a domain over more objects than direct code's bound
// runs again through Starlark and lists the same moves; a body under a
// budget it passes gives Starlark's "too many steps" at the same place,
// whichever iteration passes it.
func TestObjLoopStepBound(t *testing.T) {
	for _, n := range []int{40, 200} {
		p, err := Parse([]byte(strings.Replace(objBoundPack, "range(N)", fmt.Sprint("range(", n, ")"), 1)), "objbound.yaml")
		if err != nil {
			t.Fatal(err)
		}
		for budget := uint64(3000); budget < 1_000_000; budget = budget * 13 / 10 {
			play := func(opts Options) string {
				opts.Seed, opts.Budget = 1, budget
				m, err := p.NewMatch(2, opts)
				if err != nil {
					return errText(err)
				}
				moves, err := m.Legal(m.Active())
				out := fmt.Sprint(moves, errText(err))
				if err == nil && len(moves) > 0 {
					out += eventLines(m.Events()) + errText(m.Apply(moves[0]))
				}
				return out + eventLines(m.Events())
			}
			var full string
			got := play(Options{})
			withoutObjLoopIndex(func() { full = play(Options{}) })
			interp := play(Options{Interpret: true})
			if got != full || got != interp {
				t.Fatalf("%d objects, budget %d:\n%s", n, budget, firstLineDiff(got, full, interp))
			}
		}
	}
}

// TestObjLoopErrorsAsFull: a loop over objects() that reaches an object
// whose type lacks the variable (a token), or meets a value == cannot
// tell from the constant (a gem's zone a float, a list), fails or finds
// what running every iteration does: Starlark's error, at its place, with
// its backtrace.
func TestObjLoopErrorsAsFull(t *testing.T) {
	for _, c := range []struct{ body, want string }{
		{"create(\"token\")\nx = [o.id for o in objects() if o.zone == \"hand\" and o.id > 0]", "object has no .zone field or method"},
		{"create(\"token\")\nfor o in objects():\n    if \"deck\" == o.zone:\n        o.zone = \"hand\"", "object has no .zone field or method"},
		{"gs = objects(\"gem\")\ngs[0].zone = 2.0\ngs[1].zone = [2]\nnotify(str([o.id for o in objects() if o.zone == 2]))\nx = [o for o in objects() if o.zone == \"hand\" and o.zone + 1]", "unknown binary op: string + int"},
	} {
		p, err := Parse([]byte(strings.Replace(objFuzzPack, "BODY", strings.ReplaceAll(c.body, "\n", "\n      "), 1)), "errors.yaml")
		if err != nil {
			t.Fatal(err)
		}
		play := func(opts Options) string {
			opts.Seed = 1
			m := newMatch(t, p, 2, opts)
			return eventLines(m.Events()) + errText(applyFirst(t, m))
		}
		var full string
		got := play(Options{})
		withoutObjLoopIndex(func() { full = play(Options{}) })
		interp := play(Options{Interpret: true})
		if got != full || got != interp {
			t.Errorf("%s:\n%s", c.body, firstLineDiff(got, full, interp))
		}
		if !strings.Contains(got, c.want) {
			t.Errorf("%s: %s, want an error saying %q", c.body, got, c.want)
		}
	}
}

// TestObjLoopSplitCountsAsWhole: a comprehension over objects() whose if
// clause compares first is compiled conjunct by conjunct (ifSplit), and its
// code's bound of steps is the one compiling the condition whole gives:
// the same condition with a name for the constant (no loop by marks) has
// the same bound, ands, parentheses and a conjunct that lends included.
func TestObjLoopSplitCountsAsWhole(t *testing.T) {
	for _, cond := range []string{
		`o.zone == K`,
		`K == o.zone and o.n > 1`,
		`(o.zone == K and o.n > 1) and o.id > 0`,
		`((o.zone == K)) and (o.n > 1 and (o.id > 0))`,
		`o.zone == K and hands() and not hands()`,
		`(o.zone == K) and [h for h in hands() if h.n > o.n]`,
	} {
		bound := func(k string) (uint64, int) {
			pre := "len([o.id for o in objects() if " + strings.ReplaceAll(cond, "K", k) + "]) >= 0"
			src := strings.Replace(objFuzzPack, "BODY", `next_state("go")`, 1)
			src = strings.Replace(src, "  go:\n    body:", "  go:\n    precondition: '"+pre+"'\n    body:", 1)
			src = strings.Replace(src, "    def hands():", "    hand = \"hand\"\n    def hands():", 1)
			p, err := Parse([]byte(src), "split.yaml")
			if err != nil {
				t.Fatalf("%s: %v", pre, err)
			}
			h := p.actions["go"].precondition
			if h.direct == nil {
				t.Fatalf("%s: no direct form", pre)
			}
			sites := 0
			for _, v := range p.objVars {
				if v.name == "zone" {
					sites = len(v.lits)
				}
			}
			return h.direct.steps, sites
		}
		split, sites := bound(`"table"`)
		whole, _ := bound("hand")
		if sites < 2 { // "hand" of the watcher's clause and hands(), "table" of this one
			t.Fatalf("%s: %d constants of zone compared, want the loop's among them", cond, sites)
		}
		if split != whole {
			t.Errorf("%s: a bound of %d steps split, %d whole", cond, split, whole)
		}
	}
}

// TestObjLoopKnownNotesReads: a clause whose condition counts the objects
// of one zone, a comparison with nothing after it, asks it again when one
// of them leaves the zone: the read of an object whose mark says the
// comparison holds is noted though the comparison does not run (checked
// with every reused answer computed again, against every iteration run
// and against Starlark).
func TestObjLoopKnownNotesReads(t *testing.T) {
	src := strings.Replace(objFuzzPack, `o.zone == "hand" and o.id > 0`, `o.zone == "hand"`, 1)
	body := "cs = objects(\"card\")\nfor c in cs:\n    if c.zone == \"hand\":\n        c.zone = \"table\"\n        break\nnext_state(\"go\")"
	p, err := Parse([]byte(strings.Replace(src, "BODY", strings.ReplaceAll(body, "\n", "\n      "), 1)), "known.yaml")
	if err != nil {
		t.Fatal(err)
	}
	play := func(opts Options) string {
		opts.Seed = 1
		m := newMatch(t, p, 2, opts)
		var err error
		for i := 0; i < 4 && err == nil && m.Waiting(); i++ {
			err = applyFirst(t, m)
		}
		return eventLines(m.Events()) + errText(err)
	}
	var full, checked string
	got := play(Options{})
	withoutObjLoopIndex(func() { full = play(Options{}) })
	withCheckedReads(func() { checked = play(Options{}) })
	interp := play(Options{Interpret: true})
	if got != full || got != interp || got != checked {
		t.Fatalf("%s\nchecked: %s", firstLineDiff(got, full, interp), firstLineDiff(checked, got, got))
	}
	if n := strings.Count(got, "watcher"); n < 2 {
		t.Errorf("the watcher's clause fired %d times, want one for each card that left the hand:\n%s", n, got)
	}
}
