package graph

import (
	"fmt"
	"regexp"
	"sort"
	"strings"
)

// Check runs the static checks of SEMANTICS.md that concern the state graph and
// returns every finding, sorted by position in the source file (findings about the
// whole pack first). It never stops at the first problem and never modifies p. The rules and their sources:
//
//   - id-positive, duplicate-id, reserved-id: BGA
//     states.inc.php "IDs must be positive integers", "You must not use the same ID
//     twice", "ID=1 is reserved for the first game state", "ID=99 is reserved for
//     the last game state".
//   - name-missing, name-space, duplicate-name: BGA "name (Mandatory)", "Do not put
//     spaces in the name", "Several game states can share the same name; however,
//     this is not recommended".
//   - unknown-type, missing-field, manager-reserved: BGA "type (Mandatory)" with its
//     list of types; descriptionmyturn and possibleactions are mandatory for player
//     states, action for game states, transitions for every state but the last.
//   - unknown-target, empty-transition, no-transitions: BGA "transitions" (targets
//     must exist; "If there is only 1 transition, you may give it an empty name";
//     a state without transitions can only be left by jumpToState).
//   - implicit-setup, implicit-end (info): newer BGA games leave states 1 and 99 to
//     the framework.
//   - no-progression: BGA "At least one of your game states (any one) must specify
//     updateGameProgression=>true".
//   - initialprivate: BGA "Parameter should be set to first private parallel state".
//   - unknown-action: a possibleactions entry that the pack's actions do not define
//     (only for packs that define actions; imported BGA files keep them in PHP).
//   - description-arg: a ${key} in a description that nothing can produce.
//   - unreachable, no-path-to-end, transition-unused: graph checks.
//   - visibility-word: a word of the pack's visibility its section does not
//     take (docs/pack-format.md lists them).
//   - display-hint: a display hint naming a deck, board or object type the
//     pack has not, or a word, colour or image path it cannot take.
func Check(p *Pack) []Diagnostic {
	c := &checker{p: p, byKey: map[string][]*State{}}
	for _, s := range p.States {
		c.byKey[p.Key(s.ID)] = append(c.byKey[p.Key(s.ID)], s)
	}
	c.checkIDs()
	for _, s := range p.States {
		c.checkState(s)
	}
	c.checkPack()
	c.checkVisibility()
	c.checkDisplay()
	c.checkPaths()
	sort.SliceStable(c.diags, func(i, j int) bool {
		a, b := c.diags[i].Pos, c.diags[j].Pos
		return a.Line < b.Line || a.Line == b.Line && a.Column < b.Column
	})
	return c.diags
}

// checker accumulates diagnostics for one pack.
type checker struct {
	p     *Pack
	byKey map[string][]*State
	diags []Diagnostic
}

func (c *checker) report(sev Severity, rule string, pos Pos, id StateID, format string, args ...any) {
	c.diags = append(c.diags, Diagnostic{
		File: c.fileOf(id, pos), Pos: pos, Severity: sev, Rule: rule,
		Message: fmt.Sprintf(format, args...), State: id,
	})
}

// fileOf is the file a diagnostic about state id at pos names: the state's own
// File when it has one (a BGA State class), else the pack's Source. Of several
// states with the id (a duplicate), the one defined at pos is meant.
func (c *checker) fileOf(id StateID, pos Pos) string {
	file := c.p.Source
	for _, s := range c.p.States {
		if s.ID != id || s.File == "" {
			continue
		}
		if s.Pos == pos {
			return s.File
		}
		if file == c.p.Source {
			file = s.File
		}
	}
	return file
}

// label names a state in messages: `state 2 "playerTurn"`.
func label(s *State) string { return fmt.Sprintf("state %s %q", s.ID, s.Name) }

func (c *checker) checkIDs() {
	seen := map[string]*State{}
	for _, s := range c.p.States {
		if n, ok := c.p.Resolve(s.ID); ok && n <= 0 {
			c.report(Error, "id-positive", s.Pos, s.ID, "%s: id must be a positive integer", label(s))
		}
		key := c.p.Key(s.ID)
		if first, dup := seen[key]; dup {
			c.report(Error, "duplicate-id", s.Pos, s.ID, "%s: id %s is already used by state %q", label(s), s.ID, first.Name)
			continue
		}
		seen[key] = s
	}
	if !c.allResolved() {
		return
	}
	if len(c.byKey["1"]) == 0 {
		c.report(Info, "implicit-setup", Pos{}, StateID{}, "no state 1: the BGA framework provides gameSetup")
	}
	if len(c.byKey["99"]) == 0 {
		c.report(Info, "implicit-end", Pos{}, StateID{}, "no state 99: the BGA framework provides gameEnd")
	}
}

// allResolved reports whether every state id resolves to a number.
func (c *checker) allResolved() bool {
	for _, s := range c.p.States {
		if _, ok := c.p.Resolve(s.ID); !ok {
			return false
		}
	}
	return true
}

func (c *checker) checkState(s *State) {
	c.checkReserved(s)
	c.checkName(s)
	c.checkType(s)
	c.checkFields(s)
	c.checkTransitions(s)
	c.checkActions(s)
	c.checkDescriptions(s)
}

// checkReserved enforces BGA's reserved ids 1 (gameSetup) and 99 (gameEnd).
func (c *checker) checkReserved(s *State) {
	n, resolved := c.p.Resolve(s.ID)
	reserved := map[int]string{SetupID: "gameSetup", EndID: "gameEnd"}
	if want, ok := reserved[n]; ok && resolved {
		if s.Name != want || s.Type != Manager {
			c.report(Error, "reserved-id", s.Pos, s.ID, "%s: id %d is reserved for the %s manager state", label(s), n, want)
		}
		return
	}
	for id, name := range reserved {
		if s.Name == name && resolved {
			c.report(Error, "reserved-id", s.Pos, s.ID, "%s: %s must have id %d", label(s), name, id)
		}
	}
	if s.Type == Manager && resolved {
		c.report(Warning, "manager-reserved", s.Pos, s.ID, "%s: type manager is reserved for states 1 and 99", label(s))
	}
}

func (c *checker) checkName(s *State) {
	switch {
	case s.Name == "":
		c.report(Error, "name-missing", s.Pos, s.ID, "state %s: name is mandatory", s.ID)
	case strings.ContainsAny(s.Name, " \t"):
		c.report(Warning, "name-space", s.Pos, s.ID, "%s: names must not contain spaces", label(s))
	}
	if s.Name == "" {
		return
	}
	for _, o := range c.p.States {
		if o == s {
			break
		}
		if o.Name == s.Name {
			c.report(Warning, "duplicate-name", s.Pos, s.ID, "%s: state %s has the same name", label(s), o.ID)
			return
		}
	}
}

func (c *checker) checkType(s *State) {
	switch {
	case s.Type == "":
		c.report(Error, "unknown-type", s.Pos, s.ID, "%s: type is mandatory", label(s))
	case !s.Type.Known():
		msg := fmt.Sprintf("%s: unknown type %q", label(s), s.Type)
		if fix := suggestType(string(s.Type)); fix != "" {
			msg += fmt.Sprintf(" (did you mean %q?)", fix)
		}
		c.report(Error, "unknown-type", s.Pos, s.ID, "%s", msg)
	}
}

// suggestType returns the known type closest to t, if it is close enough to be a
// typo (BGA warns about "multiactiveplayer").
func suggestType(t string) StateType {
	best, bestD := StateType(""), 4
	for _, k := range StateTypes {
		if d := editDistance(strings.ToLower(t), string(k)); d < bestD {
			best, bestD = k, d
		}
	}
	return best
}

// editDistance is the Levenshtein distance of a and b.
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur := make([]int, len(b)+1)
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev = cur
	}
	return prev[len(b)]
}

// checkFields enforces BGA's mandatory fields per state type.
func (c *checker) checkFields(s *State) {
	missing := func(field, why string) {
		c.report(Warning, "missing-field", s.Pos, s.ID, "%s: %s is mandatory %s", label(s), field, why)
	}
	switch s.Type {
	case ActivePlayer, MultipleActivePlayer:
		if s.DescriptionMyTurn == "" {
			missing("descriptionmyturn", "for "+string(s.Type)+" states")
		}
		if len(s.PossibleActions) == 0 {
			missing("possibleactions", "for "+string(s.Type)+" states")
		}
	case Private:
		if len(s.PossibleActions) == 0 {
			missing("possibleactions", "for private states")
		}
	case Game:
		if s.Action.IsZero() {
			missing("action", "for game states")
		}
	}
	if c.jumpOnly(s) {
		c.report(Warning, "no-transitions", s.Pos, s.ID, "%s: has no transitions, so only jumpToState can leave it", label(s))
	}
}

// jumpOnly reports whether s has no transitions although it needs a way out: it is
// not the last state, not a private state (its master moves on) and not a called
// state (it returns). BGA games leave such states with jumpToState.
func (c *checker) jumpOnly(s *State) bool {
	n, ok := c.p.Resolve(s.ID)
	end := (ok && n == EndID) || s.Name == "gameEnd"
	return len(s.Transitions) == 0 && !end && s.Type != Private && !isCalled(s)
}

// isCalled reports whether s is meant to be called (pushed) rather than
// transitioned to: it has parameters or an ending condition, so it returns.
func isCalled(s *State) bool { return len(s.Params) > 0 || !s.Ending.IsZero() }

func (c *checker) checkTransitions(s *State) {
	for _, t := range s.Transitions {
		pos := t.Pos
		if !pos.IsValid() {
			pos = s.Pos
		}
		c.checkTarget(s, t, pos)
		if t.Name == "" && len(s.Transitions) > 1 {
			c.report(Warning, "empty-transition", pos, s.ID, "%s: an empty transition name is only allowed when it is the only transition", label(s))
		}
	}
	if s.InitialPrivate != nil {
		targets := c.byKey[c.p.Key(*s.InitialPrivate)]
		switch {
		case len(targets) == 0:
			c.report(Error, "initialprivate", s.Pos, s.ID, "%s: initialprivate %s does not exist", label(s), *s.InitialPrivate)
		case targets[0].Type != Private:
			c.report(Error, "initialprivate", s.Pos, s.ID, "%s: initialprivate %s is a %s state, not a private one", label(s), *s.InitialPrivate, targets[0].Type)
		}
		if s.Type != MultipleActivePlayer {
			c.report(Error, "initialprivate", s.Pos, s.ID, "%s: only multipleactiveplayer states have private parallel states", label(s))
		}
	}
}

// checkTarget reports a transition whose target is not a state of the pack. The
// framework's own states 1 and 99 count when the pack leaves them out; a target
// written as a constant this file does not define may name a state under another
// constant, and a number may be the value of a state's external constant, so
// those are only warnings.
func (c *checker) checkTarget(s *State, t Transition, pos Pos) {
	key := c.p.Key(t.To)
	if len(c.byKey[key]) > 0 || key == "1" || key == "99" {
		return
	}
	if _, ok := c.p.Resolve(t.To); !ok {
		c.report(Warning, "unknown-target", pos, s.ID, "%s: transition %q goes to %s, a constant defined elsewhere that no state here uses", label(s), t.Name, t.To)
		return
	}
	if !c.allResolved() {
		c.report(Warning, "unknown-target", pos, s.ID, "%s: transition %q goes to state %s, which is none of the states whose id is known here", label(s), t.Name, t.To)
		return
	}
	c.report(Error, "unknown-target", pos, s.ID, "%s: transition %q goes to state %s, which does not exist", label(s), t.Name, t.To)
}

func (c *checker) checkActions(s *State) {
	if len(c.p.Actions) == 0 {
		return
	}
	for i, a := range s.PossibleActions {
		if c.p.Actions.Lookup(a) == nil {
			c.report(Error, "unknown-action", s.ActionPos(i), s.ID, "%s: possible action %q is not defined in actions", label(s), a)
		}
	}
}

var descKey = regexp.MustCompile(`\$\{([A-Za-z_][A-Za-z0-9_.]*)\}`)

// checkDescriptions flags ${key} substitutions that nothing produces: the built-in
// keys are actplayer and you (BGA) and the state's parameters (the engine fills
// them in); every other key needs args.
func (c *checker) checkDescriptions(s *State) {
	if !s.Args.IsZero() {
		return
	}
	known := map[string]bool{"actplayer": true, "you": true}
	for _, p := range s.Params {
		known[p.Name] = true
	}
	for _, field := range []struct{ name, text string }{{"description", s.Description}, {"descriptionmyturn", s.DescriptionMyTurn}} {
		for _, m := range descKey.FindAllStringSubmatch(field.text, -1) {
			if known[m[1]] {
				continue
			}
			c.report(Warning, "description-arg", s.Pos, s.ID, "%s: %s uses ${%s} but the state has no args to produce it", label(s), field.name, m[1])
		}
	}
}

func (c *checker) checkPack() {
	for _, s := range c.p.States {
		if s.UpdateGameProgression {
			return
		}
	}
	if len(c.p.States) > 0 {
		c.report(Warning, "no-progression", Pos{}, StateID{}, "no state has updateGameProgression: BGA needs at least one")
	}
}

// sortedKeys returns the keys of m in order, so reports never depend on map order.
func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
