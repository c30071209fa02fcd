package scene

// Scene is the table as one seat sees it at one step, or as the designer
// sees it (Seat 0): plain data, JSON-encodable, that a picture or a widget
// draws. Every card, object and cell has an ID that is the same from one
// build to the next for the same match, step and seat.
type Scene struct {
	Pack        string    `json:"pack"`
	Step        int       `json:"step"`
	Seat        int       `json:"seat"`   // the viewing seat, from 1; 0: the designer
	Viewer      string    `json:"viewer"` // "designer", or the seat's player name
	State       string    `json:"state"`
	Description string    `json:"description"`       // the state's line for the viewer, placeholders substituted
	Turn        []int     `json:"turn,omitempty"`    // the seats (from 1) whose move it is
	Over        bool      `json:"over,omitempty"`    // the match has ended
	Winners     []int     `json:"winners,omitempty"` // at the end: the seats (from 1) with the best score
	LastMove    *LastMove `json:"last_move,omitempty"`
	Areas       []Area    `json:"areas"` // the centre first, then one per seat from the viewer's round the table
	// Sample: a scene of no match, the display hints' sample ([Sample]):
	// its header names the pack and says what it shows, no step or viewer.
	Sample bool `json:"sample,omitempty"`
}

// Area is a part of the table: the centre, or one seat's place. Side says
// where it lies seen from the viewer: "centre", "bottom" (the viewer's own
// seat; seat 1's for the designer), then round the table to the viewer's
// left, "left", "top", "right" (more than four seats: "top-left",
// "top-right" too); Angle is the same in degrees, clockwise from the
// bottom.
type Area struct {
	ID     string `json:"id"` // "centre", "seat-2"
	Side   string `json:"side"`
	Angle  int    `json:"angle"`
	Seat   int    `json:"seat,omitempty"`  // from 1
	Name   string `json:"name,omitempty"`  // the player's name
	Color  string `json:"color,omitempty"` // the colour of the player's pieces: a board hint's for the cell value that is the seat's number
	Active bool   `json:"active,omitempty"`
	Score  *int   `json:"score,omitempty"`
	// ScoreBefore is the score before the last step shown, when it changed
	// there ([MarkChanges]); Build never sets it.
	ScoreBefore *int       `json:"score_before,omitempty"`
	ClockMS     *int64     `json:"clock_ms,omitempty"` // the time the player has left, when the match has clocks
	Counters    []Counter  `json:"counters,omitempty"`
	Boards      []Board    `json:"boards,omitempty"`
	Locations   []Location `json:"locations,omitempty"`
	Zones       []Zone     `json:"zones,omitempty"`
}

// Counter is a named value drawn in an area: a game or player variable.
// Before is its value before the last step shown, when it changed there
// ([MarkChanges]); Build never sets it.
type Counter struct {
	ID     string `json:"id"` // "game.turns", "seat-1.life"
	Label  string `json:"label"`
	Value  string `json:"value"`
	Before string `json:"before,omitempty"`
}

// Board is a grid; Cells lists the cells that hold a value (0 is empty),
// row by row.
type Board struct {
	ID     string `json:"id"` // "board:NAME"
	Name   string `json:"name"`
	Width  int    `json:"width"`
	Height int    `json:"height"`
	Color  string `json:"color,omitempty"` // the board's colour (display hint)
	Cells  []Cell `json:"cells,omitempty"`
}

// Cell is one occupied cell: its value and how it reads (a glyph, a
// colour, or both; without a hint its value as text).
type Cell struct {
	ID    string `json:"id"` // "board:NAME:x,y"
	X     int    `json:"x"`
	Y     int    `json:"y"`
	Value int    `json:"value"`
	Owner int    `json:"owner,omitempty"` // the seat whose number the value is, when it is one
	Text  string `json:"text,omitempty"`
	Color string `json:"color,omitempty"`
	Last  bool   `json:"last,omitempty"` // changed by the last move
}

// Location is one place of a deck's cards in an area: a hand, a pile, a
// trick. As is how its cards lie: "fan" and "row" list every card; "pile"
// lists its top card only, Count saying how many it holds.
type Location struct {
	ID    string `json:"id"` // "deck:hand/2"
	Deck  string `json:"deck"`
	Name  string `json:"name"` // the location ("hand")
	Owner int    `json:"owner,omitempty"`
	As    string `json:"as"`
	Count int    `json:"count"`
	Cards []Card `json:"cards,omitempty"`
}

// Card is one card. A card the viewer cannot see is Hidden: only its back
// is drawn and it has no type, text or image. Card is the card's id in its
// deck (engine.Match.SeenCardIDs), by which the viewer's legal moves name
// it: two cards of one face (two decks, a deck with copies) are told
// apart by it; 0 for a hidden card, whose id the viewer does not know.
type Card struct {
	ID      string `json:"id"`             // its location's ID and its place there: "deck:hand/2:5"
	Card    int    `json:"card,omitempty"` // its id in its deck, for a face seen
	Owner   int    `json:"owner,omitempty"`
	Hidden  bool   `json:"hidden,omitempty"`
	Type    string `json:"type,omitempty"`
	TypeArg *int   `json:"type_arg,omitempty"`
	Text    string `json:"text,omitempty"` // how it reads: "Q♥" with hints, "2/12" without
	Color   string `json:"color,omitempty"`
	Image   string `json:"image,omitempty"` // a path beside the pack
	Last    bool   `json:"last,omitempty"`  // named by the last move
}

// Zone is the objects of one zone (their zone variable) in an area.
type Zone struct {
	ID      string   `json:"id"` // "zone:battlefield/1"
	Name    string   `json:"name"`
	Owner   int      `json:"owner,omitempty"`
	As      string   `json:"as"`
	Count   int      `json:"count"`
	Objects []Object `json:"objects,omitempty"` // all of them; a pile's are drawn as its top one and a count
}

// Object is one object as the viewer sees it: its title, the stats its
// hint names (or power and toughness), its tags.
type Object struct {
	ID     string   `json:"id"` // "object:5"
	Object int      `json:"object"`
	Type   string   `json:"type"`
	Owner  int      `json:"owner,omitempty"`
	Title  string   `json:"title"`
	Stats  []Stat   `json:"stats,omitempty"`
	Tags   []string `json:"tags,omitempty"`
	Image  string   `json:"image,omitempty"`
	Last   bool     `json:"last,omitempty"`
	// Hidden: the viewer does not see the object's face (its zone is hidden
	// from it, the pack's visibility.zones): only its id, zone and owner.
	Hidden bool `json:"hidden,omitempty"`
}

// Stat is one value of an object. A value some while clause wraps now is
// Wrapped; engine.Match.Chain(Object, Name) tells how it is made.
type Stat struct {
	Name    string `json:"name"`
	Value   string `json:"value"`
	Wrapped bool   `json:"wrapped,omitempty"`
}

// LastMove is the move that led to this step (or the latest before it):
// who, which action, and what of its arguments the viewer may see.
type LastMove struct {
	Step   int    `json:"step"`
	Player int    `json:"player"` // from 1
	Action string `json:"action"`
	Text   string `json:"text"` // "Player 2 playCard Q♥"; arguments naming a card the viewer cannot see are left out
}
