package graph

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"os/exec"
	"strconv"
	"strings"
	"time"
)

// AutoLayout places every state of p for drawing and returns the centre of each
// state's box keyed by StateID.String(), in canvas units with y growing downwards.
// It uses Graphviz dot when it is on PATH and the built-in layered layout
// ([LayeredLayout]) otherwise or when dot fails, so the studio works without
// Graphviz. It does not change p.
func AutoLayout(p *Pack) (map[string]Point, error) {
	if _, err := exec.LookPath("dot"); err == nil {
		if pos, err := DotLayout(p); err == nil {
			return pos, nil
		}
	}
	return LayeredLayout(p), nil
}

// DotLayout runs Graphviz `dot -Tplain` on [DOT] of p and reads the node centres
// from its output. Errors: dot missing, failing, or taking over 30 s.
func DotLayout(p *Pack) (map[string]Point, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, "dot", "-Tplain")
	cmd.Stdin = bytes.NewReader(DOT(p))
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("dot: %v: %s", err, strings.TrimSpace(stderr.String()))
	}
	return parsePlain(out)
}

// parsePlain reads Graphviz's plain output: "graph scale w h", then
// "node name x y w h ..." lines, in inches with y growing upwards.
func parsePlain(out []byte) (map[string]Point, error) {
	pos := map[string]Point{}
	var height float64
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		f := plainFields(sc.Text())
		if len(f) == 0 {
			continue
		}
		switch {
		case f[0] == "graph" && len(f) >= 4:
			height, _ = strconv.ParseFloat(f[3], 64)
		case f[0] == "node" && len(f) >= 4:
			x, err1 := strconv.ParseFloat(f[2], 64)
			y, err2 := strconv.ParseFloat(f[3], 64)
			if err1 != nil || err2 != nil {
				return nil, fmt.Errorf("dot: bad node line %q", sc.Text())
			}
			pos[f[1]] = Point{X: x * 72, Y: (height - y) * 72}
		}
	}
	return pos, sc.Err()
}

// plainFields splits a plain-format line into fields; double-quoted fields may
// hold spaces and backslash escapes.
func plainFields(line string) []string {
	var out []string
	for i := 0; i < len(line); {
		switch {
		case line[i] == ' ':
			i++
		case line[i] == '"':
			var b strings.Builder
			j := i + 1
			for ; j < len(line) && line[j] != '"'; j++ {
				if line[j] == '\\' && j+1 < len(line) {
					j++
				}
				b.WriteByte(line[j])
			}
			out = append(out, b.String())
			i = j + 1
		default:
			j := strings.IndexByte(line[i:], ' ')
			if j < 0 {
				j = len(line) - i
			}
			out = append(out, line[i:i+j])
			i += j
		}
	}
	return out
}
