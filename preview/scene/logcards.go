package scene

import (
	"regexp"
	"slices"
	"strings"

	"github.com/rulestudio/studio/engine"
	"github.com/rulestudio/studio/graph"
)

var (
	// seatCard is a card a seat's event text names by its face: "card 3/12"
	// (engine.Match.EventsFor). A type with a space in it is not read.
	seatCard = regexp.MustCompile(`\bcard ([^\s,()\[\]{}:=/]+/-?\d+)\b`)
	// seatCards is a deck event's move of several cards, the faces the seat
	// saw after the colon: "4 cards from cardsontable to cardswon 4: 1/2,
	// 3/2 and 2 face down".
	seatCards = regexp.MustCompile(`^(\d+ cards from .+ to .+: )(.+?)( and \d+ face down)?$`)
)

// LogCards returns e, an event of a seat's log (engine.Match.EventsFor,
// which writes a card the seat sees by its face, "card 3/12", never by
// id), with each face in its Name and Detail read as CardText reads it
// under the pack's display hints, as the table and the move pickers show
// the card: "Q♥". A face is read with the deck a deck's event names, else
// with the pack's only deck; with several decks and none named, and for a
// deck without hints, it stays as the engine wrote it. "a card" (one the
// seat does not see) stays.
func LogCards(pack *graph.Pack, e engine.Event) engine.Event {
	deck, moved := "", e.Kind == engine.EvObject && slices.Contains(pack.Decks, e.Name)
	switch {
	case moved:
		deck = e.Name
	case len(pack.Decks) == 1:
		deck = pack.Decks[0]
	}
	if _, ok := pack.Display.Card(deck); !ok {
		return e
	}
	read := func(face string) string { return CardText(pack, deck, face) }
	e.Name, e.Detail = readFaces(e.Name, read), readFaces(e.Detail, read)
	if moved {
		if m := seatCards.FindStringSubmatch(e.Detail); m != nil {
			faces := strings.Split(m[2], ", ")
			for i, f := range faces {
				faces[i] = read(f)
			}
			e.Detail = m[1] + strings.Join(faces, ", ") + m[3]
		}
	}
	return e
}

// readFaces replaces each "card FACE" of text with the face read.
func readFaces(text string, read func(face string) string) string {
	return seatCard.ReplaceAllStringFunc(text, func(s string) string {
		return read(strings.TrimPrefix(s, "card "))
	})
}
