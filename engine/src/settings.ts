/** Settings (`mcpEnvelope.*`), validated with zod; the same shape for the language server and the CLI. */
import { z } from 'zod';
import { ENVELOPE_STYLES } from '../../shared/src/envelopeStyle';
import type { EngineSettings } from './types';

export const SEVERITY_SETTINGS = ['default', 'off', 'error', 'warning', 'info', 'hint'] as const;

export const settingsSchema = z.object({
  enable: z.boolean().default(true),
  run: z.enum(['onType', 'onSave']).default('onType'),
  categoryCase: z.enum(['upper', 'lower', 'either']).default('upper'),
  envelopeStyle: z.enum(ENVELOPE_STYLES).default('recommended'),
  handlerFactories: z.array(z.string().min(1)).default([]),
  checks: z.record(z.string(), z.enum(SEVERITY_SETTINGS)).default({}),
});

export type Settings = z.infer<typeof settingsSchema>;

/** Parses settings leniently: an invalid value falls back to its default and is reported. */
export function parseSettings(raw: unknown): { settings: Settings; problems: string[] } {
  const input = raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
  const problems: string[] = [];
  const cleaned: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(settingsSchema.shape)) {
    if (input[key] === undefined || input[key] === null) continue;
    if (key === 'checks' && typeof input[key] === 'object' && !Array.isArray(input[key])) {
      // One bad entry must not throw away the others.
      const checks: Record<string, (typeof SEVERITY_SETTINGS)[number]> = {};
      for (const [id, value] of Object.entries(input[key] as Record<string, unknown>)) {
        const parsed = z.enum(SEVERITY_SETTINGS).safeParse(value);
        if (parsed.success) checks[id] = parsed.data;
        else
          problems.push(
            `mcpEnvelope.checks.${id}: ${JSON.stringify(value)} is not one of ${SEVERITY_SETTINGS.join(', ')} (ignored)`,
          );
      }
      cleaned[key] = checks;
      continue;
    }
    const parsed = (field as z.ZodType).safeParse(input[key]);
    if (parsed.success) cleaned[key] = parsed.data;
    else
      problems.push(`mcpEnvelope.${key}: ${parsed.error.issues.map((i) => i.message).join('; ')} (using the default)`);
  }
  return { settings: settingsSchema.parse(cleaned), problems };
}

export const DEFAULT_SETTINGS: Settings = settingsSchema.parse({});

export function engineSettings(settings: Settings): EngineSettings {
  return {
    severities: settings.checks,
    categoryCase: settings.categoryCase,
    envelopeStyle: settings.envelopeStyle,
    handlerFactories: settings.handlerFactories,
  };
}
