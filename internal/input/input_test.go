package input

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"
)

func TestParseAndFormatSize(t *testing.T) {
	for _, c := range []struct {
		in   string
		want int64
		out  string
	}{
		{"700", 700, "700B"}, {"64MB", 64 << 20, "64MB"}, {"1 gb", 1 << 30, "1GB"}, {"3k", 3 << 10, "3KB"},
		{"1536KB", 1536 << 10, "1.5MB"},
	} {
		n, err := ParseSize(c.in)
		if err != nil || n != c.want {
			t.Errorf("ParseSize(%q) = %d, %v; want %d", c.in, n, err, c.want)
		}
		if s := FormatSize(n); s != c.out {
			t.Errorf("FormatSize(%d) = %q, want %q", n, s, c.out)
		}
	}
	for _, bad := range []string{"", "0", "-5MB", "12TB", "MB", "99999999999GB"} {
		if _, err := ParseSize(bad); err == nil {
			t.Errorf("ParseSize(%q): no error", bad)
		}
	}
}

func TestParseLimitsAllOrNothing(t *testing.T) {
	defer Pack.SetLimit(Pack.SetLimit(Pack.Default))
	defer Record.SetLimit(Record.SetLimit(Record.Default))
	if err := ParseLimits("pack=1KB, record=x"); err == nil {
		t.Fatal("a wrong item: no error")
	}
	if Pack.Limit() != Pack.Default {
		t.Errorf("a list with a wrong item set pack to %d", Pack.Limit())
	}
	if err := ParseLimits("pack=1KB,record=2MB"); err != nil || Pack.Limit() != 1<<10 || Record.Limit() != 2<<20 {
		t.Errorf("ParseLimits: %v, pack %d, record %d", err, Pack.Limit(), Record.Limit())
	}
}

func TestReadAtTheLimit(t *testing.T) {
	defer Part.SetLimit(Part.SetLimit(10))
	dir := t.TempDir()
	exact, over := filepath.Join(dir, "exact"), filepath.Join(dir, "over")
	os.WriteFile(exact, []byte("0123456789"), 0o644)
	os.WriteFile(over, []byte("0123456789A"), 0o644)
	if data, err := Read(exact, Part); err != nil || string(data) != "0123456789" {
		t.Errorf("a file at the limit: %q, %v", data, err)
	}
	_, err := Read(over, Part)
	var tb *TooBigError
	if !errors.As(err, &tb) || tb.Size != 11 || !strings.HasPrefix(err.Error(), over+": the file is larger than a simulate result may be (11B, the limit is 10B; raise it with --max-size part=1MB") {
		t.Errorf("a file over the limit: %v", err)
	}
	fsys := fstest.MapFS{"a.php": {Data: []byte("0123456789AB")}, "d": {Mode: os.ModeDir}}
	if _, err := ReadFS(fsys, "a.php", Part); !errors.As(err, &tb) || strings.Contains(err.Error(), "a.php") {
		t.Errorf("ReadFS over the limit: %v (want no file name)", err)
	}
	var nf *NotFileError
	if _, err := ReadFS(fsys, "d", Part); !errors.As(err, &nf) {
		t.Errorf("ReadFS of a folder: %v", err)
	}
	if _, err := Read(filepath.Join(dir, "missing"), Part); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a missing file: %v", err)
	}
}
