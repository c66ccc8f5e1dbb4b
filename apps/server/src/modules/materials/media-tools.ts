import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** ffprobe or ffmpeg is not installed (or not where the configuration says). */
export class ToolMissingError extends Error {
  constructor(tool: string) {
    super(`${tool} not found`);
    this.name = 'ToolMissingError';
  }
}

/** What a video's first video stream and container say about it. */
export interface VideoFacts {
  durationMs: number | null;
  width: number | null;
  height: number | null;
  codec: string | null;
}

interface ProbeStream {
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
  duration?: string;
  tags?: { rotate?: string };
  side_data_list?: { rotation?: number }[];
}
interface ProbeOutput {
  streams?: ProbeStream[];
  format?: { duration?: string };
}

const PROBE_TIMEOUT_MS = 60_000;
const POSTER_TIMEOUT_MS = 120_000;
/** Poster frames are for previews: no wider than this. */
const POSTER_MAX_WIDTH = 1280;

const positive = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.round(value) : null;

const seconds = (value: string | undefined): number | null => {
  const parsed = value === undefined ? NaN : Number.parseFloat(value);
  return Number.isFinite(parsed) && parsed >= 0 ? parsed : null;
};

/** Reads ffprobe's JSON; undefined when there is no video stream. */
export function videoFacts(output: ProbeOutput): VideoFacts | undefined {
  const stream = output.streams?.find((s) => s.codec_type === 'video');
  if (!stream) return undefined;
  const duration = seconds(output.format?.duration) ?? seconds(stream.duration);
  // Phones record portrait video as landscape plus a rotation; people expect the turned size.
  const rotation =
    stream.side_data_list?.find((d) => d.rotation !== undefined)?.rotation ??
    Number(stream.tags?.rotate ?? 0);
  const turned = Math.abs(rotation) % 180 === 90;
  const width = positive(stream.width);
  const height = positive(stream.height);
  return {
    durationMs: duration === null ? null : Math.round(duration * 1000),
    width: turned ? height : width,
    height: turned ? width : height,
    codec: stream.codec_name ?? null,
  };
}

/**
 * ffprobe and ffmpeg, run without a shell (arguments are never parsed by one). Their absence is
 * a ToolMissingError, so callers can keep the file unprocessed instead of failing it.
 */
export function createMediaTools(paths: { ffprobePath: string; ffmpegPath: string }) {
  let availability: Promise<boolean> | undefined;

  async function exec(tool: string, args: string[], timeout: number) {
    try {
      return await run(tool, args, { timeout, killSignal: 'SIGKILL', maxBuffer: 4 * 1024 * 1024 });
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'EACCES') throw new ToolMissingError(tool);
      throw error;
    }
  }

  return {
    /** Whether both tools run; asked once per process (installing them needs a restart). */
    available(): Promise<boolean> {
      availability ??= Promise.all([
        exec(paths.ffprobePath, ['-version'], PROBE_TIMEOUT_MS),
        exec(paths.ffmpegPath, ['-version'], PROBE_TIMEOUT_MS),
      ]).then(
        () => true,
        () => false,
      );
      return availability;
    },

    /** Facts of the video at `file`; undefined when it holds no video stream. */
    async probe(file: string): Promise<VideoFacts | undefined> {
      const args = ['-v', 'error', '-print_format', 'json', '-show_streams', '-show_format', file];
      const { stdout } = await exec(paths.ffprobePath, args, PROBE_TIMEOUT_MS);
      return videoFacts(JSON.parse(stdout) as ProbeOutput);
    },

    /** Writes one frame, `atSeconds` in, as a JPEG at `output`. */
    async poster(file: string, atSeconds: number, output: string): Promise<void> {
      const args = [
        ...['-v', 'error', '-nostdin', '-y'],
        ...['-ss', atSeconds.toFixed(3), '-i', file],
        ...['-frames:v', '1', '-vf', `scale='min(${POSTER_MAX_WIDTH},iw)':-2`, '-q:v', '3'],
        output,
      ];
      await exec(paths.ffmpegPath, args, POSTER_TIMEOUT_MS);
    },
  };
}

export type MediaTools = ReturnType<typeof createMediaTools>;
