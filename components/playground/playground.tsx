"use client";

import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import {
  buildRequestBody,
  DEFAULT_FORM,
  imageFormat,
  type OptionField,
  type PlaygroundForm,
} from "@/lib/dashboard/playground-body";
import { parseJson, readReply, replyError, type ApiReply } from "@/lib/dashboard/api-reply";
import { Card } from "@/components/ui/card";
import { Alert } from "@/components/ui/alert";
import { RequestForm, type ProjectOption } from "./request-form";
import { JobStatus, type Phase } from "./job-status";
import { ResponseHeaders } from "./response-headers";
import { ResultPreview } from "@/components/results/result-preview";
import { useJob } from "./use-job";
import { SnippetCard } from "./snippet-card";
import { ScrollBox } from "@/components/ui/scroll-box";
import { useHydrated } from "@/components/ui/use-hydrated";
import { checkRequestBody, type FieldErrors } from "@/lib/dashboard/playground-check";
import { PlaygroundLink } from "./playground-link";

/** One press of Run: what was sent, and the POST's reply once it arrives. */
interface Run {
  id: number;
  projectId: string;
  form: PlaygroundForm;
  body: Record<string, unknown>;
  startedAt: number;
  post?: ApiReply;
  networkError?: string;
  finishedAt?: number;
}

export function Playground({
  projects,
  initialProjectId,
  fields,
  initialForm,
}: {
  projects: ProjectOption[];
  initialProjectId: string;
  /** The option fields, derived from the request schemas on the server. */
  fields: OptionField[];
  /** A deep link's prepared request (lib/dashboard/playground-link.ts). */
  initialForm?: PlaygroundForm | null;
}) {
  const [projectId, setProjectId] = useState(initialProjectId);
  const [form, setFormState] = useState<PlaygroundForm>(initialForm ?? DEFAULT_FORM);
  const [errors, setErrors] = useState<FieldErrors>({});
  /** Once a send was refused, the form is checked again as it is edited, so messages go when fixed. */
  const setForm = (next: PlaygroundForm) => {
    setFormState(next);
    if (Object.keys(errors).length) setErrors(checkForm(next, fields));
  };
  const [run, setRun] = useState<Run | null>(null);
  const resultsRef = useRef<HTMLDivElement>(null);
  /**
   * On a phone the results sit below the form, whose Run button is at its end: bring them into view
   * once they render (progress first, the result below it), unless they are already on screen.
   */
  const revealResults = () =>
    requestAnimationFrame(() => {
      const box = resultsRef.current;
      if (box && box.getBoundingClientRect().top > window.innerHeight * 0.5) box.scrollIntoView();
    });

  const token = run?.post && !run.form.sync && run.post.status === 200 ? acceptedToken(run.post) : null;
  const job = useJob(run?.projectId ?? projectId, token);
  const view = deriveView(run, job.data, job.dataUpdatedAt);
  const now = useTicker(view?.running ?? false);
  const origin = useOrigin();
  const hydrated = useHydrated();

  async function submit() {
    const found = checkForm(form, fields);
    setErrors(found);
    if (Object.keys(found).length) {
      // Nothing is sent: the first field with a problem gets the focus, its message beside it.
      requestAnimationFrame(() =>
        document.querySelector<HTMLElement>("[aria-invalid=true]")?.focus({ preventScroll: false }),
      );
      return;
    }
    const body = buildRequestBody(form, fields);
    const id = Date.now();
    setRun({ id, projectId, form, body, startedAt: Date.now() });
    revealResults();
    try {
      const idempotencyKey = form.idempotencyKey.trim();
      const res = await fetch("/api/dashboard/playground", {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          ...(idempotencyKey && { "Idempotency-Key": idempotencyKey }),
        },
        body: JSON.stringify({ projectId, endpoint: form.endpoint, body }),
      });
      const post = await readReply(res);
      setRun((r) => (r?.id === id ? { ...r, post, finishedAt: Date.now() } : r));
    } catch (err) {
      setRun((r) =>
        r?.id === id
          ? { ...r, networkError: err instanceof Error ? err.message : String(err), finishedAt: Date.now() }
          : r,
      );
    }
  }

  if (!projects.length) {
    return (
      <Alert tone="info" title="No project yet">
        Create a project first; the Playground runs requests as one of your projects.
      </Alert>
    );
  }

  const elapsed = run ? (view?.running ? now : (view?.doneAt ?? run.finishedAt ?? now)) - run.startedAt : 0;
  const body = buildRequestBody(form, fields);

  return (
    <div
      // One column on a phone, in the order a user needs: the form, its result, then the request
      // as JSON and as code. From xl up the result takes the right column beside both.
      className="grid grid-cols-1 gap-6 xl:grid-cols-[minmax(0,5fr)_minmax(0,7fr)] xl:grid-rows-[auto_1fr] xl:items-start"
      // Set once React owns the form: a choice made before that may be reset by hydration.
      data-playground-ready={hydrated ? "" : undefined}
    >
      <div className="xl:col-start-1 xl:row-start-1">
        <Card
          title="Request"
          description="Runs through the same pipeline as the public API, as the chosen project. Credits are spent as usual."
        >
          <RequestForm
            projects={projects}
            projectId={projectId}
            onProject={setProjectId}
            fields={fields}
            form={form}
            onChange={setForm}
            onSubmit={submit}
            busy={view?.running ?? false}
            errors={errors}
          />
        </Card>
      </div>
      <div
        ref={resultsRef}
        className="scroll-mt-28 space-y-6 xl:col-start-2 xl:row-span-2 xl:row-start-1"
        data-testid="playground-results"
      >
        {!run || !view ? (
          <div className="grid h-24 place-items-center p-4 text-center xl:h-64 rounded-xl border border-dashed border-slate-300 bg-white text-sm text-slate-500">
            Choose an operation and a URL, then press Run.
          </div>
        ) : (
          <>
            <JobStatus
              phase={view.phase}
              sync={run.form.sync}
              elapsedMs={Math.max(0, elapsed)}
              token={view.token}
            />
            {(run.post || view.result) && (
              <Card title="Response">
                <div
                  className={
                    view.result && view.result !== run.post
                      ? "grid grid-cols-1 gap-6 lg:grid-cols-2"
                      : "grid grid-cols-1"
                  }
                >
                  {run.post && (
                    <ResponseHeaders
                      reply={run.post}
                      label={run.form.sync ? "POST /" + run.form.endpoint : "POST (accepted)"}
                    />
                  )}
                  {view.result && view.result !== run.post && (
                    <ResponseHeaders reply={view.result} label="GET result" />
                  )}
                </div>
              </Card>
            )}
            {view.error && (
              <Alert tone="error" title={view.error.code} testId="playground-error">
                {view.error.message}
              </Alert>
            )}
            {view.phase === "complete" && view.result && (
              <Card title="Result">
                <ResultPreview
                  endpoint={run.form.endpoint}
                  text={view.result.text}
                  format={imageFormat(run.form)}
                  pageUrl={String(run.body.url)}
                />
              </Card>
            )}
          </>
        )}
      </div>
      <div className="space-y-6 xl:col-start-1 xl:row-start-2">
        <PlaygroundLink form={form} fields={fields} projectId={projectId} origin={origin} />
        <Card title="Request body">
          <ScrollBox
            as="pre"
            label="Request body as JSON"
            data-testid="request-body"
            className="rounded-md bg-slate-50 p-3 font-mono text-xs text-slate-700"
          >
            {JSON.stringify(body, null, 2)}
          </ScrollBox>
        </Card>
        <SnippetCard
          request={{
            origin,
            endpoint: form.endpoint,
            body,
            idempotencyKey: form.idempotencyKey.trim() || undefined,
          }}
        />
      </div>
    </div>
  );
}

/** The body against the API's schemas, and the Idempotency-Key header against the API's rule. */
function checkForm(form: PlaygroundForm, fields: OptionField[]): FieldErrors {
  const errors = checkRequestBody(form.endpoint, buildRequestBody(form, fields));
  const key = form.idempotencyKey.trim();
  if (key && !/^[\x21-\x7e]{1,255}$/.test(key))
    errors["idempotency-key"] = "Idempotency-Key must be 1 to 255 printable ASCII characters without spaces.";
  return errors;
}

interface View {
  phase: Phase;
  running: boolean;
  token?: string;
  result?: ApiReply;
  error?: { code: string; message: string };
  doneAt?: number;
}

function deriveView(run: Run | null, polled: ApiReply | undefined, polledAt: number): View | null {
  if (!run) return null;
  if (run.networkError)
    return { phase: "failed", running: false, error: { code: "network_error", message: run.networkError } };
  if (!run.post) return { phase: "sending", running: true };
  const token = run.post.headers["X-Result-Token"];
  if (run.post.status !== 200)
    return { phase: "failed", running: false, token, result: run.post, error: replyError(run.post) };
  if (run.form.sync) return { phase: "complete", running: false, token, result: run.post };
  if (!polled) return { phase: "accepted", running: true, token };
  if (polled.status === 202) return { phase: "processing", running: true, token, result: polled };
  if (polled.status === 200)
    return { phase: "complete", running: false, token, result: polled, doneAt: polledAt };
  return {
    phase: "failed",
    running: false,
    token,
    result: polled,
    error: replyError(polled),
    doneAt: polledAt,
  };
}

function acceptedToken(reply: ApiReply): string | null {
  const parsed = parseJson(reply.text);
  if (parsed.ok && typeof parsed.value === "object" && parsed.value !== null) {
    const token = (parsed.value as { token?: unknown }).token;
    if (typeof token === "string") return token;
  }
  return reply.headers["X-Result-Token"] ?? null;
}

/** Date.now(), updated every 100 ms while `active`. */
function useTicker(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    // The first tick comes from the interval too: no synchronous setState inside the effect.
    const tick = () => setNow(Date.now());
    const first = setTimeout(tick, 0);
    const t = setInterval(tick, 100);
    return () => {
      clearTimeout(first);
      clearInterval(t);
    };
  }, [active]);
  return now;
}

const noSubscription = () => () => {};

/** This server's origin for the snippets; "" while rendering on the server, so hydration agrees. */
function useOrigin(): string {
  return useSyncExternalStore(
    noSubscription,
    () => window.location.origin,
    () => "",
  );
}
