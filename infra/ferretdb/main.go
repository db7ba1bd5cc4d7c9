// Command cine-ferretdb runs FerretDB v1 embedded, storing in SQLite files,
// so the platform has a MongoDB-wire server with no preinstalled database.
package main

import (
	"context"
	"flag"
	"io"
	"log"
	"log/slog"
	"os"
	"os/signal"
	"runtime/debug"
	"slices"
	"syscall"

	"github.com/FerretDB/FerretDB/ferretdb"
)

func main() {
	dir := flag.String("dir", ".data/ferretdb", "directory holding the SQLite files")
	listen := flag.String("listen", "127.0.0.1:27017", "TCP address to listen on")
	stopOnStdinClose := flag.Bool("stop-on-stdin-close", false,
		"shut down when stdin reaches EOF, so the server dies with the process that started it")
	verbose := flag.Bool("verbose", false, "log every FerretDB event, not only warnings")
	flag.Parse()

	if err := os.MkdirAll(*dir, 0o755); err != nil {
		log.Fatalf("cannot create %s: %v", *dir, err)
	}

	// Every request decodes and encodes whole documents, so garbage is made
	// fast while the live heap stays small: with Go's default (collect when
	// the heap has doubled) the collector took about 12 % of the CPU under a
	// checkout rush. Collecting at +400 % costs some tens of MB. GOGC still wins.
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(400)
	}

	level := slog.LevelWarn
	if *verbose {
		level = slog.LevelInfo
	}

	f, err := ferretdb.New(&ferretdb.Config{
		Listener: ferretdb.ListenerConfig{TCP: *listen},
		Logger:   slog.New(&lazyHandler{base: slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: level})}),
		Handler:  "sqlite",
		// synchronous(normal): in WAL mode a commit no longer waits for the
		// disk, only a checkpoint does. A crash of this process or of its
		// parent loses nothing; a power loss or an OS crash may roll back the
		// last commits, never corrupt the files. That is the durability
		// MongoDB gives by default (w:1 returns before its journal's flush,
		// every 100 ms), and concurrent writes no longer queue for fsync
		// (small inserts, 10 at a time: ~600/s before, ~4,000/s after).
		SQLiteURL: "file:" + *dir + "/?_pragma=synchronous(normal)",
	})
	if err != nil {
		log.Fatal(err)
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	if *stopOnStdinClose {
		// The parent holds the write end of our stdin; if it dies, even by
		// SIGKILL, the pipe closes and we stop instead of lingering.
		go func() {
			_, _ = io.Copy(io.Discard, os.Stdin)
			stop()
		}()
	}

	log.Printf("ferretdb listening on %s, data in %s", *listen, *dir)
	f.Run(ctx)
}

// lazyHandler keeps a logger's With attributes and groups unformatted until a
// record is handled. FerretDB logs every SQL statement at debug level through
// `l.With(slog.Any("args", args))`, and slog's TextHandler formats such
// attributes when With is called, whether or not debug is enabled: every
// write quoted its whole document as text, about 8 % of the CPU under a
// checkout rush. Below the level, nothing is formatted now.
type lazyHandler struct {
	base  slog.Handler
	steps []func(slog.Handler) slog.Handler
}

func (h *lazyHandler) Enabled(ctx context.Context, level slog.Level) bool {
	return h.base.Enabled(ctx, level)
}

func (h *lazyHandler) Handle(ctx context.Context, record slog.Record) error {
	handler := h.base
	for _, step := range h.steps {
		handler = step(handler)
	}

	return handler.Handle(ctx, record)
}

func (h *lazyHandler) WithAttrs(attrs []slog.Attr) slog.Handler {
	return h.then(func(handler slog.Handler) slog.Handler { return handler.WithAttrs(attrs) })
}

func (h *lazyHandler) WithGroup(name string) slog.Handler {
	return h.then(func(handler slog.Handler) slog.Handler { return handler.WithGroup(name) })
}

func (h *lazyHandler) then(step func(slog.Handler) slog.Handler) *lazyHandler {
	return &lazyHandler{base: h.base, steps: append(slices.Clip(h.steps), step)}
}
