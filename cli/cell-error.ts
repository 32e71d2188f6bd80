// What a failing notebook cell tells Jupyter. tslab prints a cell's error on the cell's stderr and answers Jupyter
// with `status: "error"` alone, so `jupyter nbconvert --execute` could only say "<Error>: ". This turns what the cell
// printed into the reply's error fields: the error's name and message (the first "Name: message" line, as Node
// prints an error), and every line printed as the traceback.

export interface CellError {
  ename: string;
  evalue: string;
  traceback: string[];
}

/**
 * A line as Node starts an error's stack: "TypeError: x is not a function", "ConfigError [missing_key]: …". A name
 * ending in Error or Exception, so a warning printed before the error ("Warning: …") is not taken for it.
 */
const ERROR_LINE = /^(?:Uncaught )?([A-Za-z_$][\w$.]*(?:Error|Exception)(?: \[[\w-]+\])?): (.*)$/;

export function cellError(stderr: string): CellError {
  const lines = stderr.replace(/\r\n?/g, "\n").replace(/\n+$/, "").split("\n");
  for (const line of lines) {
    const match = ERROR_LINE.exec(line);
    if (match) return { ename: match[1] ?? "Error", evalue: match[2] ?? "", traceback: lines };
  }
  // No error line (TypeScript's diagnostics, a bare value thrown): the first line printed is the message.
  const first = lines.find((line) => line.trim() !== "") ?? "the cell failed and printed nothing";
  return { ename: "Error", evalue: first.trim(), traceback: lines };
}
