/**
 * Shares one run of a read among callers asking for the same key at the same time, without ever
 * answering a caller with a run that started before it asked: a caller arriving while a run is
 * under way waits for the next one, which starts when the current one ends and serves everyone
 * who arrived meanwhile. The answer is as fresh as running the read alone, yet under load a
 * read runs at most twice in the time it takes, whatever the number of callers.
 *
 * Keys name what is read (a query's text and parameters); one store serves one database.
 */
export function createFreshFlights<T>() {
  interface Flight {
    run: Promise<T>;
    /** The run the callers who arrived during `run` will share. */
    next: Promise<T> | undefined;
  }
  const flights = new Map<string, Flight>();

  function launch(key: string, work: () => Promise<T>): Promise<T> {
    const flight: Flight = { run: work(), next: undefined };
    flights.set(key, flight);
    const land = () => {
      if (flights.get(key) === flight && flight.next === undefined) flights.delete(key);
    };
    flight.run.then(land, land);
    return flight.run;
  }

  return {
    share(key: string, work: () => Promise<T>): Promise<T> {
      const flight = flights.get(key);
      if (!flight) return launch(key, work);
      const ignore = () => undefined;
      flight.next ??= flight.run.then(ignore, ignore).then(() => launch(key, work));
      return flight.next;
    },
    /** Keys with a run under way (for tests). */
    get size() {
      return flights.size;
    },
  };
}
