package bga

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/rulestudio/studio/graph"
	"github.com/rulestudio/studio/internal/corpus"
)

// game builds an in-memory game folder: files by path under modules/php.
func gameFS(files map[string]string) fstest.MapFS {
	fsys := fstest.MapFS{}
	for p, src := range files {
		fsys["modules/php/"+p] = &fstest.MapFile{Data: []byte(src)}
	}
	return fsys
}

// stateClass writes a State class file of namespace Bga\Games\T\States.
func stateClass(name, ctorArgs, methods string) string {
	return `<?php
declare(strict_types=1);
namespace Bga\Games\T\States;

use Bga\GameFramework\StateType;
use Bga\GameFramework\States\GameState;
use Bga\GameFramework\States\PossibleAction;
use Bga\Games\T\Game;

class ` + name + ` extends GameState
{
    function __construct(protected Game $game)
    {
        parent::__construct($game, ` + ctorArgs + `);
    }
` + methods + `
}
`
}

// summary renders a pack's states as "id name type [field...] transitions".
func summary(p *graph.Pack) []string {
	var out []string
	for _, s := range p.States {
		var ts []string
		for _, t := range s.Transitions {
			mark := ""
			if t.Inferred {
				mark = "~"
			}
			ts = append(ts, fmt.Sprintf("%s%s=%s", mark, t.Name, t.To))
		}
		line := fmt.Sprintf("%s %s %s", s.ID, s.Name, s.Type)
		if s.Action.Src != "" {
			line += " action=" + s.Action.Src
		}
		if s.Args.Src != "" {
			line += " args=" + s.Args.Src
		}
		if len(s.PossibleActions) > 0 {
			line += " actions=" + strings.Join(s.PossibleActions, ",")
		}
		if s.InitialPrivate != nil {
			line += " initialprivate=" + s.InitialPrivate.String()
		}
		if s.UpdateGameProgression {
			line += " progression"
		}
		line += " [" + strings.Join(ts, " ") + "]"
		out = append(out, line)
	}
	return out
}

func diagStrings(diags []graph.Diagnostic) []string {
	var out []string
	for _, d := range diags {
		out = append(out, d.String())
	}
	return out
}

func checkLines(t *testing.T, what string, got, want []string) {
	t.Helper()
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("%s\n got:\n  %s\nwant:\n  %s", what, strings.Join(got, "\n  "), strings.Join(want, "\n  "))
	}
}

// TestImportStates reads small games written as State classes; the answers
// are worked out by hand from BGA's rules (see docs/bga-import.md).
func TestImportStates(t *testing.T) {
	fsys := gameFS(map[string]string{
		"constants.inc.php": "<?php\nconst ST_TURN = 10;\nconst ST_END_GAME = 99;\n",
		"Ids.php":           "<?php\nnamespace Bga\\Games\\T;\nclass Ids { const NEXT = 20; const GO = 'go'; }\n",
		"StateId.php":       "<?php\nnamespace Bga\\Games\\T;\nenum StateId: int { case SCORE = 30; }\n",
		"States/PlayerTurn.php": stateClass("PlayerTurn", `
            id: ST_TURN, // a constant of constants.inc.php
            type: StateType::ACTIVE_PLAYER,
            description: clienttranslate('${actplayer} must play'),
            descriptionMyTurn: clienttranslate('${you} must play'),
            transitions: ['go' => \Bga\Games\T\States\NextPlayer::class, 'pass' => 20],`, `
    public function getArgs(): array { return ['x' => fn($a) => $a]; }
    #[PossibleAction]
    public function actPlay(int $activePlayerId) {
        $f = function () { return Private1::class; }; // a closure's return is its own
        if ($activePlayerId > 0) { return 'go'; }
        return $this->after();
    }
    #[PossibleAction, CheckAction(false)]
    public function actPass() { return 'pass'; }
    public function actNotAnAction() { return Score::class; }
    private function after() { return rand(0, 1) ? Score::class : \Bga\Games\T\StateId::SCORE->value; }
    public function zombie(int $playerId) { return 'nowhere'; }`),
		"States/NextPlayer.php": stateClass("NextPlayer", `type: StateType::GAME, id: \Bga\Games\T\Ids::NEXT, name: 'nextPlayer', updateGameProgression: true,`, `
    function onEnteringState() {
        /* return Nowhere::class; */
        return match (rand()) { 1 => PlayerTurn::class, 2 => ST_END_GAME, default => null };
    }`),
		"States/Score.php": `<?php
namespace Bga\Games\T\States;
use Bga\GameFramework\StateType;
use Bga\Games\T\StateId;
use Bga\Games\T\Ids;

const LOCAL = 99;

abstract class Base extends \Bga\GameFramework\States\GameState {
    function __construct(protected $game, StateId $id, string $desc = 'Scoring') {
        parent::__construct(game: $game, id: $id->value, type: StateType::MULTIPLE_ACTIVE_PLAYER,
            name: null, description: $desc, initialPrivate: Private1::class);
    }
    #[PossibleAction] public function actUndo() { $this->game->gamestate->jumpToState(Ids::NEXT); }
    public function zombie(int $playerId) { return $this->game->somewhere(); }
}

class Score extends Base {
    function __construct($game) { parent::__construct($game, StateId::SCORE); }
    public function onEnteringState() { return self::done() ?? LOCAL; }
    private static function done() { return Ids::GO; }
}

class Private1 extends \Bga\GameFramework\States\GameState {
    function __construct($game) { parent::__construct($game, id: 31, type: StateType::PRIVATE); }
}

trait NotAState {}
`,
	})
	p, diags, err := ImportStates(fsys, "g", "modules/php/States")
	if err != nil {
		t.Fatal(err)
	}
	checkLines(t, "states", summary(p), []string{
		"Ids::NEXT nextPlayer game action=onEnteringState progression [~PlayerTurn=ST_TURN ~ST_END_GAME=ST_END_GAME]",
		"ST_TURN PlayerTurn activeplayer args=getArgs actions=actPlay,actPass [go=Ids::NEXT pass=20 ~Score=StateId::SCORE->value]",
		"StateId::SCORE->value Score multipleactiveplayer action=onEnteringState actions=actUndo initialprivate=31 [~LOCAL=LOCAL ~nextPlayer=Ids::NEXT]",
		"31 Private1 private []",
	})
	if d := p.States[1].Description; d != "${actplayer} must play" {
		t.Errorf("description %q", d)
	}
	if d := p.States[2].Description; d != "Scoring" {
		t.Errorf("description %q, want the base constructor's default", d)
	}
	if p.Name != "T" {
		t.Errorf("pack name %q, want T (from the namespace)", p.Name)
	}
	var consts []string
	for _, c := range p.Constants {
		consts = append(consts, c.Name+"="+c.Value.String())
	}
	checkLines(t, "constants", consts, []string{"Ids::NEXT=20", "ST_TURN=10", "StateId::SCORE->value=30", "ST_END_GAME=99", "LOCAL=99"})
	checkLines(t, "warnings", diagStrings(diags), []string{
		`g/modules/php/States/PlayerTurn.php:33:45: warning: state ST_TURN: zombie() returns the transition "nowhere", which its transitions: do not declare`,
		`g/modules/php/States/Score.php:21:38: warning: state StateId::SCORE->value: done() returns the transition "go", which its transitions: do not declare`,
		`g/modules/php/States/Score.php:15:45: warning: state StateId::SCORE->value: zombie() returns $this->game->somewhere(): where that leads is not known without running the game; no transition inferred`,
	})
}

// TestImportStatesErrors checks the errors of State classes the importer
// cannot read, each at its place.
func TestImportStatesErrors(t *testing.T) {
	tests := []struct {
		name, args, methods, want string
	}{
		{"no id", "type: StateType::GAME", "", "g/modules/php/States/S.php:10:7: class S: no id: argument reaches GameState's constructor"},
		{"no type", "id: 2", "", "g/modules/php/States/S.php:10:7: class S: no type: argument reaches GameState's constructor"},
		{"positional", "2, StateType::GAME", "", "g/modules/php/States/S.php:14:36: class S: write the arguments of GameState's constructor after $game as named arguments (id: ..., type: ...)"},
		{"computed id", "id: $this->game->nextId(), type: StateType::GAME", "", "g/modules/php/States/S.php:14:40: not declarative: call to $this->game->nextId()"},
		{"bad target", "id: 2, type: StateType::GAME, transitions: ['x' => Nope::class]", "",
			`g/modules/php/States/S.php:14:87: state 2: transitions "x": Nope::class is not a State class of this game`},
		{"bad type", "id: 2, type: StateType::WEIRD", "",
			"g/modules/php/States/S.php:14:49: state 2: type: unknown state type constant StateType::WEIRD (not defined in this file and not a well-known name)"},
		{"unpacking", "...$args", "", "g/modules/php/States/S.php:14:36: argument unpacking (...) in parent::__construct() is not supported"},
		{"syntax", "id: 2, type: StateType::GAME", "public function f() { return 'x; }", "g/modules/php/States/S.php:16:30: unterminated string"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fsys := gameFS(map[string]string{"States/S.php": stateClass("S", tt.args, tt.methods)})
			_, _, err := ImportStates(fsys, "g", "modules/php/States")
			if err == nil || err.Error() != tt.want {
				t.Fatalf("error\n got: %v\nwant: %s", err, tt.want)
			}
		})
	}
	t.Run("no states", func(t *testing.T) {
		fsys := gameFS(map[string]string{"States/Helper.php": "<?php\nclass Helper {}\n"})
		_, _, err := ImportStates(fsys, "g", "modules/php/States")
		want := "g/modules/php/States: no State classes (classes extending Bga\\GameFramework\\States\\GameState) in the States folder"
		if err == nil || err.Error() != want {
			t.Fatalf("error %v, want %s", err, want)
		}
	})
	t.Run("base not in sight", func(t *testing.T) {
		fsys := gameFS(map[string]string{
			"States/A.php": stateClass("A", "id: 2, type: StateType::GAME", ""),
			"States/B.php": "<?php\nnamespace Bga\\Games\\T\\States;\nclass B extends \\Elsewhere\\Base {}\n",
		})
		p, diags, err := ImportStates(fsys, "g", "modules/php/States")
		if err != nil {
			t.Fatal(err)
		}
		checkLines(t, "warnings", diagStrings(diags), []string{`g/modules/php/States/B.php:3:7: warning: class B extends Elsewhere\Base, which is not in sight: not read as a state`})
		if len(p.States) != 1 {
			t.Errorf("%d states, want 1", len(p.States))
		}
	})
}

// TestImportPathForms reads the folders a game may be given as.
func TestImportPathForms(t *testing.T) {
	root := t.TempDir()
	write := func(rel, src string) {
		p := filepath.Join(root, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("repo/game/modules/php/constants.inc.php", "<?php\ndefine('ST_END', 98);\n")
	write("repo/game/modules/php/States/EndScore.php", stateClass("EndScore", "id: ST_END, type: StateType::GAME", "function onEnteringState() { return 99; }"))
	write("repo/game/states.inc.php", "<?php\n$machinestates = [2 => ['name' => 'turn', 'type' => 'activeplayer', 'transitions' => ['end' => ST_END]]];\n")
	write("repo/other/readme.txt", "not a game")

	cases := []struct {
		path  string
		want  []string
		diags []string
	}{
		{"repo/game/states.inc.php", []string{"2 turn activeplayer [end=ST_END]"}, nil},
		{"repo/game/modules/php/States", []string{"ST_END EndScore game action=onEnteringState [~99=99]"}, nil},
		{"repo/game", []string{"2 turn activeplayer [end=ST_END]", "ST_END EndScore game action=onEnteringState [~99=99]"},
			[]string{"REPO/game: info: the game has both forms: read 1 states from REPO/game/states.inc.php and 1 State classes from REPO/game/modules/php/States"}},
		{"repo", []string{"2 turn activeplayer [end=ST_END]", "ST_END EndScore game action=onEnteringState [~99=99]"},
			[]string{"REPO: info: the game has both forms: read 1 states from REPO/game/states.inc.php and 1 State classes from REPO/game/modules/php/States"}},
	}
	for _, c := range cases {
		p, diags, err := ImportPath(filepath.Join(root, c.path))
		if err != nil {
			t.Errorf("%s: %v", c.path, err)
			continue
		}
		checkLines(t, c.path, summary(p), c.want)
		var ds []string
		for _, d := range diagStrings(diags) {
			ds = append(ds, strings.ReplaceAll(d, filepath.Join(root, "repo"), "REPO"))
		}
		checkLines(t, c.path+" diagnostics", ds, c.diags)
		if strings.HasSuffix(c.path, "game") {
			if n, ok := p.Resolve(graph.ConstID("ST_END")); !ok || n != 98 {
				t.Errorf("%s: ST_END resolves to %d, %v; want 98 from the constants file", c.path, n, ok)
			}
		}
	}
	write("repo/game2/modules/php/States/X.php", stateClass("X", "id: 2, type: StateType::GAME", ""))
	if _, _, err := ImportPath(filepath.Join(root, "repo")); err == nil || !strings.Contains(err.Error(), "several games in the folder (game, game2)") {
		t.Errorf("two games: error %v", err)
	}
	if _, _, err := ImportPath(filepath.Join(root, "repo/other")); err == nil || !strings.Contains(err.Error(), "no states.inc.php, modules/php/States/ or State classes in the folder") {
		t.Errorf("no game: error %v", err)
	}
}

// TestImportHeartsTutorial reads BGA's hearts tutorial in its State-class
// form; the transitions were read off its source by hand.
func TestImportHeartsTutorial(t *testing.T) {
	dir := filepath.Join(corpus.ClassesDir(), "elaskavaia__bga-heartsla")
	if _, err := os.Stat(dir); err != nil {
		t.Skipf("no State-class corpus at %s: skipping", corpus.ClassesDir())
	}
	p, diags, err := ImportPath(dir)
	if err != nil {
		t.Fatal(err)
	}
	checkLines(t, "states", summary(p), []string{
		"40 EndHand game action=onEnteringState [~99=99 ~NewHand=2]",
		"2 NewHand game action=onEnteringState progression [~PlayerTurn=31]",
		"32 NextPlayer game action=onEnteringState [~EndHand=40 ~PlayerTurn=31]",
		"31 PlayerTurn activeplayer args=getArgs actions=actPlayCard [~NextPlayer=32]",
	})
	if len(diags) != 0 {
		t.Errorf("warnings: %v", diags)
	}
}

// TestInferredNames: an inferred transition is named after its target, made
// unique; one to a target a transition already reaches is not added.
func TestInferredNames(t *testing.T) {
	fsys := gameFS(map[string]string{
		"States/A.php": stateClass("A", "id: 2, type: StateType::GAME, transitions: ['B' => 5, 'back' => 2]",
			"function onEnteringState() { if (x()) return C::class; if (y()) return B::class; return A::class; }"),
		"States/B.php": stateClass("B", "id: 3, type: StateType::GAME", ""),
		"States/C.php": stateClass("C", "id: 4, type: StateType::GAME, name: 'B'", ""),
	})
	p, _, err := ImportStates(fsys, "g", "modules/php/States")
	if err != nil {
		t.Fatal(err)
	}
	got := summary(p)[0]
	if want := "2 A game action=onEnteringState [B=5 back=2 ~B_2=4 ~B_3=3]"; got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}

// TestExportClassesKnown checks the files written for a small pack against
// the golden files in testdata/classes.
func TestExportClassesKnown(t *testing.T) {
	p := &graph.Pack{Format: 1, Name: "tiny", Constants: graph.Constants{
		{Name: "ST_TURN", Value: graph.Value{Kind: graph.IntValue, Int: 10}},
		{Name: "States::NEXT", Value: graph.Value{Kind: graph.IntValue, Int: 20}},
	}, States: []*graph.State{
		{ID: graph.NumID(1), Name: "gameSetup", Type: graph.Manager, Transitions: graph.Transitions{{Name: "", To: graph.ConstID("ST_TURN")}}},
		{ID: graph.ConstID("ST_TURN"), Name: "playerTurn", Type: graph.ActivePlayer, Description: "${actplayer} must play",
			DescriptionMyTurn: "${you} must play", Args: graph.Code{Src: "argPlayerTurn"}, PossibleActions: graph.Names{"actPlay", "actPass"},
			Transitions: graph.Transitions{{Name: "play", To: graph.ConstID("States::NEXT")}, {Name: "pass", To: graph.ConstID("States::NEXT")}}},
		{ID: graph.ConstID("States::NEXT"), Name: "NextPlayer", Type: graph.Game, Action: graph.Code{Src: "stNextPlayer"}, UpdateGameProgression: true,
			Transitions: graph.Transitions{{Name: "playerTurn", To: graph.ConstID("ST_TURN"), Inferred: true}, {Name: "99", To: graph.NumID(99), Inferred: true}}},
		{ID: graph.NumID(99), Name: "gameEnd", Type: graph.Manager},
	}}
	files, err := ExportClasses(p)
	if err != nil {
		t.Fatal(err)
	}
	var paths []string
	for _, f := range files {
		paths = append(paths, f.Path)
		checkGolden(t, filepath.Join("testdata", "classes", filepath.FromSlash(f.Path)), f.Data)
	}
	checkLines(t, "files", paths, []string{"modules/php/States.php", "modules/php/States/NextPlayer.php", "modules/php/States/PlayerTurn.php", "modules/php/constants.inc.php"})
	fsys := fstest.MapFS{}
	for _, f := range files {
		fsys[f.Path] = &fstest.MapFile{Data: f.Data}
	}
	p2, diags, err := ImportStates(fsys, "x", "modules/php/States")
	if err != nil {
		t.Fatal(err)
	}
	if len(diags) > 0 {
		t.Errorf("warnings: %v", diags)
	}
	checkLines(t, "re-import", summary(p2), []string{
		"States::NEXT NextPlayer game action=onEnteringState progression [~playerTurn=ST_TURN ~99=99]",
		"ST_TURN playerTurn activeplayer args=getArgs actions=actPlay,actPass [play=States::NEXT pass=States::NEXT]",
	})
}

// TestExportClassesArrayCorpus exports every importable states.inc.php of the
// array corpus as State classes and imports the result: the states BGA does
// not leave to the framework come back with the same ids, names, types,
// descriptions, transitions and possible actions. (The action and args
// method names become onEnteringState and getArgs, manager states are left
// out, and constants no id uses are not kept.)
func TestExportClassesArrayCorpus(t *testing.T) {
	exported, refused := 0, 0
	for _, path := range corpusFiles(t) {
		p, err := ImportFile(path)
		if err != nil {
			continue
		}
		files, err := ExportClasses(p)
		if err != nil {
			if !strings.Contains(err.Error(), "is not a PHP method name") {
				t.Errorf("%s: %v", filepath.Base(path), err)
			}
			refused++
			continue
		}
		fsys := fstest.MapFS{}
		for _, f := range files {
			fsys[f.Path] = &fstest.MapFile{Data: f.Data}
		}
		p2, _, err := ImportStates(fsys, "x", "modules/php/States")
		if err != nil {
			t.Errorf("%s: import of the export: %v", filepath.Base(path), err)
			continue
		}
		keep := &graph.Pack{Name: p.Name}
		for _, s := range p.States {
			if s.Type != graph.Manager {
				keep.States = append(keep.States, s)
			}
		}
		p2.Name, p2.Constants = p.Name, nil
		if a, b := canonicalClasses(keep), canonicalClasses(p2); a != b {
			t.Errorf("%s: export → import changed the states:\n--- import\n%s\n--- re-import\n%s", filepath.Base(path), a, b)
		}
		exported++
	}
	t.Logf("array corpus as State classes: %d exported and imported back equal, %d refused (a possible action that is not a PHP method name)", exported, refused)
}

// TestExportClassesNameClash: a constant class named like a state's class
// (EndScore::STATE_ID, as self::STATE_ID in EndScore reads) is named in full,
// not imported with a use line that would clash with the class PHP declares.
func TestExportClassesNameClash(t *testing.T) {
	p := &graph.Pack{Format: 1, Name: "g",
		Constants: graph.Constants{{Name: "EndScore::STATE_ID", Value: graph.Value{Kind: graph.IntValue, Int: 98}}},
		States: []*graph.State{
			{ID: graph.NumID(2), Name: "Turn", Type: graph.Game, Transitions: graph.Transitions{{Name: "end", To: graph.ConstID("EndScore::STATE_ID")}}},
			{ID: graph.ConstID("EndScore::STATE_ID"), Name: "EndScore", Type: graph.Game, Transitions: graph.Transitions{{Name: "99", To: graph.NumID(99), Inferred: true}}},
		}}
	files, err := ExportClasses(p)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, f := range files {
		got[f.Path] = string(f.Data)
	}
	end := got["modules/php/States/EndScore.php"]
	if strings.Contains(end, `use Bga\Games\g\EndScore;`) || !strings.Contains(end, `id: \Bga\Games\g\EndScore::STATE_ID,`) {
		t.Errorf("EndScore.php:\n%s", end)
	}
	if turn := got["modules/php/States/Turn.php"]; !strings.Contains(turn, `transitions: ['end' => EndScore::class],`) {
		t.Errorf("Turn.php:\n%s", turn)
	}
	if c := got["modules/php/EndScore.php"]; !strings.Contains(c, "namespace Bga\\Games\\g;\n") || !strings.Contains(c, "const STATE_ID = 98;") {
		t.Errorf("the constant class:\n%s", c)
	}
	fsys := fstest.MapFS{}
	for path, data := range got {
		fsys[path] = &fstest.MapFile{Data: []byte(data)}
	}
	p2, _, err := ImportStates(fsys, "x", "modules/php/States")
	if err != nil {
		t.Fatal(err)
	}
	checkLines(t, "re-import", summary(p2), []string{
		"EndScore::STATE_ID EndScore game action=onEnteringState [~99=99]", // the stub that returns 99
		"2 Turn game [end=EndScore::STATE_ID]",
	})
}
