// Package scenario runs scenario tests: a pinned-down position of a pack, a
// list of actions, and what must hold between them, checked by the engine
// itself. A scenario is a YAML file:
//
//	name: Elf lord gets +2/+2 while you control another elf
//	pack: seeds            # optional: the pack's name, checked
//	seats: 2               # default: the pack's minimum
//	seed: 5                # the match's seed
//	from: opening.json     # optional: a saved match (graph.Record) to start from, instead of seats and seed
//	setup: |               # optional: statements run through Match.Exec
//	  lord = [o for o in objects("elf_lord") if o.controller == players[0]][0]
//	  lord.zone = "battlefield"
//	steps:
//	  - expect: lord().power == 2              # a pure expression (Match.Eval) that must give True
//	  - move: {player: 1, action: pass}        # a move in its JSON form (graph.Move)
//	  - move: {player: 1, action: draw}
//	    refused: precondition                  # the move must be refused, the reason containing this
//	  - exec: game.turns = 19                  # statements (Match.Exec)
//
// A scenario that starts from a saved match replays its moves (and the
// time between them) on the pack, which must be the one it was saved on (by
// graph.PackHash); setup and steps follow.
//
// Setup statements run as one body of the match's first decision state;
// names they define do not outlive it (write expressions in full, or put
// helpers in the pack's scripts).
//
// The expected event transcript of a scenario at path dir/name.yaml is
// dir/name.events, when it exists: the events of the match from the end of
// the setup to the last step, one per line as engine.Event's String writes
// them (a newline inside an event written as \n). [Result.Transcript] is what the run produced; writing it there is
// "blessing" it (`studio test --bless`).
//
// A failure names the file, the step's line and what went wrong: the
// expression and what it gave (an expectation giving anything but True or
// False fails; a False one names, as pytest does, the part of an and, or or
// not that was false and the values its comparisons read), the move and why
// it was refused, or the first line where the transcript differs.
//
// A YAML syntax error is placed at its line and column by
// graph.SyntaxError.
package scenario
