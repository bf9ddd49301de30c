import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** WCAG 2.1 A and AA, the level the console is held to. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

export type AxeFinding = { rule: string; impact: string; help: string; nodes: { target: string; summary: string }[] };

/** The page's (or a part's: `within`, a selector) critical and serious axe violations, and a one-line count of their elements. */
export async function axeSerious(page: Page, name: string, within?: string): Promise<{ found: AxeFinding[]; count: string }> {
  // colours read mid-transition (a calendar popper fading in) are blends, not the page's: let finite
  // animations and transitions end first (spinners run forever and are left out)
  await page
    .waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity), null, { timeout: 5_000 })
    .catch(() => undefined);
  const builder = new AxeBuilder({ page }).withTags(TAGS);
  // a part of the page only (e.g. the page shown, not the shell around it nor the hidden cached pages)
  if (within) builder.include(within);
  const result = await builder.analyze();
  const bad = result.violations.filter((v) => v.impact === 'critical' || v.impact === 'serious');
  const n = (impact: string) => bad.filter((v) => v.impact === impact).reduce((sum, v) => sum + v.nodes.length, 0);
  return {
    found: bad.map((v) => ({ rule: v.id, impact: v.impact!, help: v.help, nodes: v.nodes.map((x) => ({ target: x.target.join(' '), summary: x.failureSummary?.split('\n')[1]?.trim() ?? '' })) })),
    count: `${name}: critical ${n('critical')}, serious ${n('serious')}`,
  };
}
