package forms

import (
	"regexp"
	"strings"

	"github.com/rulestudio/studio/graph"
)

// placeholderRe finds the ${name}s of a description; argKeyRe the keys of
// the dictionary a state's args give ('name': or "name":).
var (
	placeholderRe = regexp.MustCompile(`\$\{(\w+)\}`)
	argKeyRe      = regexp.MustCompile(`['"](\w+)['"]\s*:`)
)

// placeholderHint says in two lines which ${...} placeholders a
// description may use, and which it uses and where each comes from (those
// that come from nowhere first): BGA fills ${actplayer} (the active
// player's name) and, in descriptionmyturn, ${you}; every other one must be
// a key of the dictionary the state's args give.
func placeholderHint(text string, s *graph.State, myTurn bool) string {
	args := map[string]bool{}
	var argNames []string
	for _, m := range argKeyRe.FindAllStringSubmatch(s.Args.Src, -1) {
		if !args[m[1]] {
			args[m[1]] = true
			argNames = append(argNames, m[1])
		}
	}
	var used, wrong []string
	for _, m := range placeholderRe.FindAllStringSubmatch(text, -1) {
		name := m[1]
		switch {
		case name == "actplayer":
			used = append(used, "${actplayer}: active player")
		case name == "you" && myTurn:
			used = append(used, "${you}: reading player")
		case args[name]:
			used = append(used, "${"+name+"}: args")
		case !s.Args.IsZero() && !isIdent(s.Args.Src):
			wrong = append(wrong, "${"+name+"}: not a key of args")
		default:
			used = append(used, "${"+name+"}: args")
		}
	}
	used = append(wrong, used...)
	avail := []string{"${actplayer}"}
	if myTurn {
		avail = append(avail, "${you}")
	}
	for _, a := range argNames {
		avail = append(avail, "${"+a+"}")
	}
	uses := "uses no placeholder"
	if len(used) > 0 {
		uses = strings.Join(used, "; ")
	}
	return uses + "\nplaceholders: " + strings.Join(avail, " ")
}

// isIdent reports whether s is a bare name (BGA: args names a PHP method,
// whose keys the studio cannot see).
func isIdent(s string) bool {
	s = strings.TrimSpace(s)
	if s == "" {
		return false
	}
	for i, r := range s {
		if !(r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || i > 0 && r >= '0' && r <= '9') {
			return false
		}
	}
	return true
}
