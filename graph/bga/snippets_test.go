package bga

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/rulestudio/studio/graph"
)

// phpSnippet is a constructed states.inc.php with a known answer, checked
// here and, by TestOracleSnippets, against PHP itself. Most come from
// mutations of the importer that no other test noticed (scripts/mutation).
type phpSnippet struct {
	name, src string
	check     func(p *graph.Pack) string // "" when the pack is right
}

// bigMachine is a $machinestates of n game states 10, 11, ... with two keys
// written again at the end, once as an integer and once as a string: PHP
// keeps their first position and their last value.
func bigMachine(n int) string {
	var b strings.Builder
	b.WriteString("<?php\n$machinestates = [\n")
	for i := range n {
		fmt.Fprintf(&b, "  %d => ['name' => 's%d', 'type' => 'game'],\n", 10+i, 10+i)
	}
	fmt.Fprintf(&b, "  %d => ['name' => 'again', 'type' => 'game'],\n", 10+n-2)
	fmt.Fprintf(&b, "  '%d' => ['name' => 'again', 'type' => 'manager'],\n", 10+1)
	b.WriteString("];\n")
	return b.String()
}

func phpSnippets() []phpSnippet {
	names := func(p *graph.Pack) string {
		var out []string
		for _, s := range p.States {
			out = append(out, fmt.Sprintf("%s:%s:%s", s.ID, s.Name, s.Type))
		}
		return strings.Join(out, " ")
	}
	constants := func(p *graph.Pack) string {
		var out []string
		for _, k := range p.Constants {
			out = append(out, k.Name+"="+k.Value.String())
		}
		return strings.Join(out, " ")
	}
	extra := func(p *graph.Pack) string {
		var out []string
		for _, f := range p.States[0].Extra {
			out = append(out, f.Key+"="+f.Value.String())
		}
		return strings.Join(out, " ")
	}
	want := func(what, got, want string) string {
		if got != want {
			return fmt.Sprintf("%s: got %s, want %s", what, got, want)
		}
		return ""
	}
	return []phpSnippet{
		{"or and and evaluate their right side only when needed", `<?php
true or define('Y', 1);
false and define('Z', 1);
defined('W') or define('W', 3);
define('W', 4);
true and define('V', 5);
false or define('U', 6);
$machinestates = [W => ['name' => 'w', 'type' => 'game']];`,
			func(p *graph.Pack) string { return want("constants", constants(p), "W=3 V=5 U=6") }},
		{"if, elseif and else take the first true branch", `<?php
if (false) { define('P', 1); } elseif (true) { define('P', 2); } elseif (true) { define('Q', 3); } else { define('R', 4); }
if (!defined('P')) { define('S', 5); } else { define('T', 6); }
$machinestates = [P => ['name' => 'p', 'type' => 'game']];`,
			func(p *graph.Pack) string { return want("constants", constants(p), "P=2 T=6") }},
		{"loose and strict comparisons", `<?php
$machinestates = [2 => ['name' => 'c', 'type' => 'game',
  'e1' => 1 == '1', 'e2' => 1 === '1', 'e3' => 'a' <> 'b', 'e4' => 2.0 == 2, 'e5' => '1e1' == '10',
  'e6' => null == false, 'e7' => 'abc' == 0, 'e8' => null == '', 'e9' => null == '0', 'e10' => ' 5' == '5 ',
  'e11' => '5' != 5, 'e12' => 0 == '', 'e13' => 1.5 == '1.50', 'e14' => 'x' !== 'x']];`,
			func(p *graph.Pack) string {
				return want("comparisons", extra(p), "e1=true e2=false e3=true e4=true e5=true e6=true e7=false e8=true "+
					"e9=false e10=true e11=false e12=false e13=true e14=false")
			}},
		{"duplicate keys in a long array", bigMachine(20),
			func(p *graph.Pack) string {
				got := names(p)
				if len(p.States) != 20 || !strings.Contains(got, "11:again:manager") || !strings.Contains(got, "28:again:game") ||
					!strings.HasPrefix(got, "10:s10:game 11:again") {
					return "states: " + got
				}
				return ""
			}},
		{"fully qualified names", `<?php
$machinestates = [
  2 => \Bga\GameFramework\GameStateBuilder::create()->name('s')->type(\Bga\GameFramework\StateType::GAME)
    ->transitions(['go' => \ST_NEXT])->build(),
  3 => ['name' => 't', 'type' => \ACTIVE_PLAYER, 'transitions' => ['back' => \Game\Ids::TWO]],
  4 => \GameStateBuilder::create()->name('u')->type(\StateType::MULTIPLE_ACTIVE_PLAYER)->build(),
];`,
			func(p *graph.Pack) string {
				return want("states", names(p)+" "+p.States[0].Transitions[0].To.String()+" "+p.States[1].Transitions[0].To.String(),
					`2:s:game 3:t:activeplayer 4:u:multipleactiveplayer \ST_NEXT \Game\Ids::TWO`)
			}},
		{"escapes, identifiers and numbers at the ends of their character ranges", `<?php
define('Az_z9Z', 'ident');
define('é', 'high');
$machinestates = [2 => ['name' => 'e', 'type' => 'game',
  'x' => "\x41\x7a\x7A\x4F\x4f\x09\x0g\x1234",
  'u' => "\u{41}\u{7A}\u{1F600}\u{0000041}",
  'o' => "\101\7\0\1234",
  'n' => "\8\9\q\$\"\\\e\f\v\r\t",
  's' => 'it\'s \n \\ \x41',
  'i' => Az_z9Z, 'h' => é,
  'num' => [0x1F, 0xaf, 0XAF, 0b101, 017, 1e3, .5, 7E-1, 0, 00, 9, 1.0],
]];`,
			func(p *graph.Pack) string {
				fields := []string{"x=" + strconv.Quote("AzzOO\t\x00g\x1234"), "u=" + strconv.Quote("Az\U0001F600A"),
					"o=" + strconv.Quote("A\a\x00S4"), "n=" + strconv.Quote(`\8\9\q$"\`+"\x1b\f\v\r\t"),
					"s=" + strconv.Quote(`it's \n \ \x41`), "i=Az_z9Z", "h=é", "num=[31, 175, 175, 5, 15, 1000, 0.5, 0.7, 0, 0, 9, 1]"}
				return want("extra", extra(p), strings.Join(fields, " ")) +
					want("constants", constants(p), `Az_z9Z="ident" é="high"`)
			}},
	}
}

// TestImportSnippets checks each snippet's known answer.
func TestImportSnippets(t *testing.T) {
	for _, c := range phpSnippets() {
		t.Run(c.name, func(t *testing.T) {
			p, err := Import([]byte(c.src), "t.php")
			if err != nil {
				t.Fatalf("import: %v\n%s", err, c.src)
			}
			if msg := c.check(p); msg != "" {
				t.Error(msg)
			}
		})
	}
}
