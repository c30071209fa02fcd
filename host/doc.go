// Package host serves matches of a rule pack to people in their browsers:
// `studio serve`. Each human seat gets a secret link, a spectator one more;
// the page a link opens draws what that seat may see, offers its legal
// moves as clicks on the table, and posts the one chosen. Bots play their
// seats on their own. Nothing is lost: every move accepted is written
// ([Store]) before it is acknowledged, and a server started again on the
// same arguments goes on with every match where it was. With clocks
// (Config.Clock), wall time passes for the players who must act, stored as
// wait moves, and a timer plays the timeout rule of a clock that runs out
// (clock.go).
//
// # Entry points
//
// [New] starts (or resumes, from its [Store]) the matches of a [Config]; its
// [Server.Handler] is an http.Handler serving the page (embedded, no build
// step) and the JSON API under /api/ (docs/hosting.md); [Server.Links] are
// the links to hand out. [DirStore] keeps the records as files in a folder;
// a project keeps them in its file through cmd/studio, which fills the
// Store interface (this package never links SQLite).
//
// # What a seat receives
//
// Everything sent to a seat is a function of what the seat may see: its
// scene (preview/scene, built from engine.Match.View), its legal moves
// written as it knows them (engine.Match.EncodeMoveFor: a card it does not
// see by its opaque id), and the event log as it sees it
// (engine.Match.StepEventsFor). The images the display hints name are
// linked from the pictures and served under /api/ to any viewer of the
// match (images.go): which paths are served follows from the pack alone,
// never from the match. The spectator sees what every seat sees:
// the designer's scene with each card, object and counter that some seat
// does not see left out, and only the events every seat receives alike.
// The leak test plays matches through the API and compares the bytes each
// seat receives with those of copies where what it cannot see is dealt
// again (engine.Match.Probe).
//
// # Security
//
// A seat's token is 128 bits from crypto/rand, compared in constant time
// (crypto/subtle), sent in the Authorization header (the page keeps it in
// the link's fragment, which browsers never send): it names the match and
// the seat. A request without one that matches is refused with 403 and an
// empty body, whatever it asked. Request bodies are limited
// (http.MaxBytesReader, [MaxBody]); a move must be one of the seat's legal
// moves at the step it names, or it is refused and nothing changes.
//
// # Goroutines
//
// Each match has a mutex over its preview.Session and a goroutine that
// plays its bots. When the match moves, a snapshot of the step is made
// under that mutex (a fork of the match, engine.Match.Fork, and its legal
// moves) while the move is stored on a goroutine of its own, and shown once
// it is stored. What each viewer receives (scene, moves, SVG picture) is
// built from the fork at the first read, outside the mutex, so a move's
// answer does not wait for it and the match may move on meanwhile.
// [DirStore] writes the moves of all matches into one journal: the moves
// that come while it syncs are written and synced together after (group
// commit).
//
// The package imports graph, engine, preview and its scene packages; it must
// never import Fyne, SQLite, the project or the editor.
package host
