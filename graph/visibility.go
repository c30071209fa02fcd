package graph

import (
	"fmt"
	"sort"
	"strings"

	"go.yaml.in/yaml/v3"
)

// Who sees the faces of the cards in a deck location (OpenSpiel's
// observation, BGA's Deck conventions): every seat, only the location's
// owner (the seat whose number is the card's location_arg), no seat but with
// the number of cards known to all, or no seat at all (not even the number).
const (
	SeenByEveryone = "everyone" // face up: every seat sees every card
	SeenByOwner    = "owner"    // the seat in location_arg sees them; others see how many
	SeenByCount    = "count"    // face down: every seat sees how many, none which
	SeenByNobody   = "nobody"   // out of the game for the seats: neither which nor how many
)

// Whether a variable or a tag is known to every seat or to its owner only (a
// player's own variable; an object's variable or tag to the seat its
// controller variable names; a game variable, which has no owner, to none).
const (
	KnownToAll   = "public"
	KnownToOwner = "private"
)

// LocationWords are the words a location of visibility.locations may take,
// in the order the documentation lists them.
var LocationWords = []string{SeenByEveryone, SeenByOwner, SeenByCount, SeenByNobody}

// PrivacyWords are the words a variable or tag of visibility.variables and
// visibility.tags may take.
var PrivacyWords = []string{KnownToAll, KnownToOwner}

// DefaultLocations gives the sight of the deck locations a pack does not
// name in visibility.locations: BGA's Deck conventions, which the engine
// hard-wired before packs could say. Every other location is face up
// ([SeenByEveryone]); every variable and tag is [KnownToAll].
var DefaultLocations = map[string]string{
	"hand":  SeenByOwner, // each hand to its player
	"deck":  SeenByCount, // the draw pile, face down
	"given": SeenByCount, // cards passed face down, Hearts-style
}

// Visibility is what each seat sees of a match (the pack's "visibility"
// key): the sight of each deck location, of each object zone, and the
// privacy of variables and tags by name. An object's zone is the value of
// its variable named zone (the seed model's "hand", "library",
// "battlefield"), its owner the player its variable controller names; the
// words mean for an object what they mean for a card, its face being
// everything but its id and place (type, tags, other variables). A name left
// out keeps its default ([DefaultLocations], [SeenByEveryone] for zones,
// [KnownToAll]), so a pack without the key means what it meant before the key
// existed.
type Visibility struct {
	Locations Sights `yaml:"locations,omitempty"` // deck location -> everyone, owner, count or nobody
	Zones     Sights `yaml:"zones,omitempty"`     // object zone (an object's zone variable) -> everyone, owner, count or nobody
	Variables Sights `yaml:"variables,omitempty"` // variable name (game, player or object) -> public or private
	Tags      Sights `yaml:"tags,omitempty"`      // tag name -> public or private
}

// Sight is one name of a visibility section and its word.
type Sight struct {
	Name    string
	Word    string
	Pos     Pos // the name's position
	WordPos Pos // the word's position
}

// Sights is an ordered list, a mapping from name to word in YAML.
type Sights []Sight

// MarshalYAML writes the sights as an ordered mapping.
func (ss Sights) MarshalYAML() (any, error) {
	n := &yaml.Node{Kind: yaml.MappingNode}
	for _, s := range ss {
		n.Content = append(n.Content, strNode(s.Name), strNode(s.Word))
	}
	return n, nil
}

// UnmarshalYAML reads an ordered mapping of name to word. Whether the word
// is one its section takes is [Check]'s to say (visibility-word), at the
// word's line and column.
func (ss *Sights) UnmarshalYAML(n *yaml.Node) error {
	return eachPair(n, "visibility", func(k, v *yaml.Node) error {
		if v.Kind != yaml.ScalarNode {
			return &PosError{Pos: nodePos(v), Msg: fmt.Sprintf("visibility of %q must be a word", k.Value)}
		}
		*ss = append(*ss, Sight{Name: k.Value, Word: v.Value, Pos: nodePos(k), WordPos: nodePos(v)})
		return nil
	})
}

// lookup returns the word given to name, or "".
func (ss Sights) lookup(name string) string {
	for _, s := range ss {
		if s.Name == name {
			return s.Word
		}
	}
	return ""
}

// LocationSight returns who sees the faces of the cards in deck location
// loc: the pack's word for it, else its default ([DefaultLocations], else
// [SeenByEveryone]).
func (p *Pack) LocationSight(loc string) string {
	if p.Visibility != nil {
		if w := p.Visibility.Locations.lookup(loc); w != "" {
			return w
		}
	}
	if w, ok := DefaultLocations[loc]; ok {
		return w
	}
	return SeenByEveryone
}

// ZoneSight returns who sees the objects in object zone zone (objects whose
// variable zone holds it): the pack's word for it, else [SeenByEveryone].
func (p *Pack) ZoneSight(zone string) string {
	if p.Visibility != nil {
		if w := p.Visibility.Zones.lookup(zone); w != "" {
			return w
		}
	}
	return SeenByEveryone
}

// PrivateVariable reports whether the variables named name (of the game, of
// players and of objects) are private to their owner.
func (p *Pack) PrivateVariable(name string) bool {
	return p.Visibility != nil && p.Visibility.Variables.lookup(name) == KnownToOwner
}

// PrivateTag reports whether the tag named name is private to the
// controller of the object that has it.
func (p *Pack) PrivateTag(name string) bool {
	return p.Visibility != nil && p.Visibility.Tags.lookup(name) == KnownToOwner
}

// checkVisibility reports a word its section does not take
// (visibility-word), at the word.
func (c *checker) checkVisibility() {
	for _, e := range c.p.Visibility.BadWords() {
		c.report(Error, "visibility-word", e.Pos, StateID{}, "%s", e.Msg)
	}
}

// BadWords returns an error for each word of v its section does not take,
// at the word, in the order written. A nil v has none.
func (v *Visibility) BadWords() []*PosError {
	if v == nil {
		return nil
	}
	sections := []struct {
		key   string
		list  Sights
		words []string
	}{{"locations", v.Locations, LocationWords}, {"zones", v.Zones, LocationWords}, {"variables", v.Variables, PrivacyWords}, {"tags", v.Tags, PrivacyWords}}
	var out []*PosError
	for _, sec := range sections {
		for _, s := range sec.list {
			if !contains(sec.words, s.Word) {
				out = append(out, &PosError{Pos: s.WordPos, Msg: fmt.Sprintf("visibility.%s.%s: %q is not a visibility; write one of %s", sec.key, s.Name, s.Word, strings.Join(sec.words, ", "))})
			}
		}
	}
	sort.SliceStable(out, func(a, b int) bool { // the order written, whatever the sections' order
		pa, pb := out[a].Pos, out[b].Pos
		return pa.Line < pb.Line || pa.Line == pb.Line && pa.Column < pb.Column
	})
	return out
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
