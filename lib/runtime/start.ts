// What every process that serves requests, runs jobs or console commands wires at start: the
// listeners of release lifecycle events and the local checkout's webhook receiver. The domains
// below know neither.
import "./local-checkout";
import "./release-reactions";
