"use client";

import { useState } from "react";
import {
  snippet,
  SNIPPET_LANGUAGES,
  type SnippetLanguage,
  type SnippetRequest,
} from "@/lib/dashboard/snippets";
import { Card } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { ViewToggle } from "@/components/ui/view-toggle";
import { ScrollBox } from "@/components/ui/scroll-box";

/** The request the form describes, as curl, TypeScript (fetch) or Python (requests), ready to copy. */
export function SnippetCard({ request }: { request: SnippetRequest }) {
  const [language, setLanguage] = useState<SnippetLanguage>("curl");
  const code = snippet(language, request);
  return (
    <Card
      title="Copy as"
      description="Reads your key from the PTD_API_KEY environment variable and prints the response body."
      actions={<CopyButton value={code} label={`Copy ${language}`} />}
    >
      <div className="mb-3">
        <ViewToggle value={language} options={SNIPPET_LANGUAGES} onChange={setLanguage} />
      </div>
      <ScrollBox
        as="pre"
        label={`Request as ${language}`}
        data-testid="snippet"
        data-language={language}
        className="rounded-md bg-code-bg p-3 font-mono text-xs text-code-fg"
      >
        {code}
      </ScrollBox>
    </Card>
  );
}
