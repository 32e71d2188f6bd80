// Pulls the images out of a recorded OpenAI or Anthropic request body, as bytes.
export function imagesInRequest(body: unknown): Buffer[] {
  const images: Buffer[] = [];
  const visit = (value: unknown) => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (value === null || typeof value !== "object") return;
    const record = value as Record<string, unknown>;
    const imageUrl = record.image_url as { url?: string } | undefined;
    if (record.type === "image_url" && typeof imageUrl?.url === "string") {
      images.push(Buffer.from(imageUrl.url.replace(/^data:image\/\w+;base64,/, ""), "base64"));
    }
    const source = record.source as { type?: string; data?: string } | undefined;
    if (record.type === "image" && source?.type === "base64" && typeof source.data === "string") {
      images.push(Buffer.from(source.data, "base64"));
    }
    Object.values(record).forEach(visit);
  };
  visit(body);
  return images;
}
