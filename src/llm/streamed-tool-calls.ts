// Reassembles tool calls that arrive in pieces (an id and a name, then argument text in slices) into ToolCalls.
import { parseJsonSafely } from "../common/parse-json-safely";
import type { ToolCall } from "./chat-model";

/** Parsed tool arguments: an empty string counts as no arguments, text that is not JSON as undefined. */
export function parseToolArguments(raw: string): unknown {
  return raw.trim() === "" ? {} : parseJsonSafely(raw);
}

interface PendingToolCall {
  id: string | undefined;
  name: string;
  /** False for tool kinds other than functions (OpenAI custom tools), which this interface does not speak. */
  isFunction: boolean;
  rawArguments: string;
  /** Arguments given whole rather than streamed (Anthropic's content_block_start `input`), used when no text came. */
  wholeArguments: unknown;
}

export interface ToolCallPiece {
  id?: string | null;
  name?: string | null;
  /** The tool kind when the provider says it; "function" is the only one kept. */
  type?: string | null;
  argumentsDelta?: string | null;
  wholeArguments?: unknown;
}

/** Calls keyed by the provider's position (OpenAI `index`, Anthropic block index), kept in order of first sight. */
export class StreamedToolCalls {
  private readonly calls = new Map<number, PendingToolCall>();
  /** Characters of argument text received, over every call. */
  private argumentCharacters = 0;

  /** Characters of argument text received so far (arguments given whole are the provider's parsed JSON: not counted). */
  get argumentsLength(): number {
    return this.argumentCharacters;
  }

  /** Adds a piece to the call at `position`, creating it on first sight. */
  add(position: number, piece: ToolCallPiece): void {
    const call = this.calls.get(position) ?? {
      id: undefined,
      name: "",
      isFunction: true,
      rawArguments: "",
      wholeArguments: undefined,
    };
    this.calls.set(position, call);
    // Ids, names and types come whole, once; a later repeat replaces rather than appends, as the SDKs' own helpers do.
    if (piece.id) call.id = piece.id;
    if (piece.name) call.name = piece.name;
    if (piece.type) call.isFunction = piece.type === "function";
    if (piece.argumentsDelta) {
      call.rawArguments += piece.argumentsDelta;
      this.argumentCharacters += piece.argumentsDelta.length;
    }
    if (piece.wholeArguments !== undefined) call.wholeArguments = piece.wholeArguments;
  }

  /** The position of the call with this id, or of a new call when the id is new or absent. */
  positionFor(id: string | null | undefined): number {
    for (const [position, call] of this.calls) if (id && call.id === id) return position;
    const last = [...this.calls.keys()].pop();
    // No id on a continuation piece: it belongs to the call being written.
    if (!id && last !== undefined) return last;
    return last === undefined ? 0 : last + 1;
  }

  /** The complete calls; `idPrefix` names calls the provider sent without an id. */
  toToolCalls(idPrefix: string): ToolCall[] {
    return [...this.calls.entries()]
      .sort(([first], [second]) => first - second)
      .map(([, call]) => call)
      .filter((call) => call.isFunction && call.name !== "")
      .map((call, index) => {
        const useWhole = call.rawArguments.trim() === "" && call.wholeArguments !== undefined;
        return {
          id: call.id ?? `${idPrefix}_${index}`,
          name: call.name,
          arguments: useWhole ? call.wholeArguments : parseToolArguments(call.rawArguments),
          rawArguments: useWhole ? JSON.stringify(call.wholeArguments) : call.rawArguments,
        };
      });
  }
}
