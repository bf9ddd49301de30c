import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import { rentMarginSchema, rentReportSchema } from '@pv/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type CellStyle, contentDisposition, XLSX_MIME, XlsxWriter } from '../../excel/xlsx.ts';
import { authOf, type Deps } from '../../http/deps.ts';
import { ApiError, ok } from '../../http/errors.ts';
import { doc } from '../../http/openapi.ts';
import { can } from '../auth/context.ts';
import { marginBatches, marginColumns, planMargin, rentMargin } from './margin.ts';
import { rentReport, rentReportSheet } from './report.ts';

const stamp = () => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10).replaceAll('-', '');

/**
 * Finance reports (docs/DECISIONS.md "Finance reports"): /api/system/rent_bill/report (租金报表 by due
 * month × region, from rollups) and its Excel export, /api/system/rent_bill/margin (收益与租金 per
 * leased station, paged) and its streamed export. Both need rent_bill:report; the station list shows
 * revenue too, so it also needs revenue:report.
 */
export function financeRoutes(app: FastifyInstance, deps: Deps) {
  const { db } = deps;
  const B = '/api/system/rent_bill';
  const TAG = 'rent_bill';
  const needRevenue = (req: FastifyRequest) => {
    if (!can(authOf(req), 'revenue:report')) throw new ApiError(403, 'error.forbidden', { permission: 'revenue:report' });
  };

  app.get(
    `${B}/report`,
    {
      config: { permission: 'rent_bill:report' },
      schema: doc(TAG, '租金报表: bills by the month they fall due × province (× city with province_code): payable, paid, failed, paused, unpaid, overdue — counts and exact decimal strings, from the rollups', {
        querystring: rentReportSchema,
      }),
    },
    async (req) => ok(await rentReport(db, req.query, authOf(req))),
  );
  app.get(
    `${B}/report_export`,
    { config: { permission: 'rent_bill:report' }, schema: doc(TAG, 'The rent report as .xlsx', { querystring: rentReportSchema, returns: 'an .xlsx file' }) },
    async (req, reply) => {
      const report = await rentReport(db, req.query, authOf(req));
      const { rows, styles, widths } = rentReportSheet(report, req.lang);
      const chunks: Uint8Array[] = [];
      const title = req.lang === 'zh' ? '租金报表' : 'rent report';
      const w = new XlsxWriter((c) => chunks.push(c), { sheetName: title, widths });
      rows.forEach((r, i) => w.addRow(r, i === 0 ? r.map((): CellStyle => 'header') : styles));
      w.end();
      return reply
        .header('content-type', XLSX_MIME)
        .header('content-disposition', contentDisposition(`${title}_${stamp()}.xlsx`, `rent_report_${stamp()}.xlsx`))
        .header('cache-control', 'no-store')
        .header('access-control-expose-headers', 'Content-Disposition')
        .send(Buffer.concat(chunks));
    },
  );

  app.get(
    `${B}/margin`,
    {
      config: { permission: 'rent_bill:report' },
      schema: doc(TAG, '收益与租金: per leased station over a month range — revenue (estimate, actual, actual-first) against the rent due (payable, paid) and the margin; filters region, agent, rent_above_revenue; paged (also needs revenue:report)', {
        querystring: rentMarginSchema,
      }),
    },
    async (req) => {
      needRevenue(req);
      return ok(await rentMargin(db, req.query, authOf(req)));
    },
  );
  app.get(
    `${B}/margin_export`,
    { config: { permission: 'rent_bill:report' }, schema: doc(TAG, 'Every row of the station list as .xlsx (streamed in keyset batches; page and limit ignored)', { querystring: rentMarginSchema, returns: 'an .xlsx file' }) },
    async (req, reply) => {
      needRevenue(req);
      const plan = await planMargin(db, req.query, authOf(req));
      const batches = marginBatches(db, plan);
      // the first batch runs before the reply starts, so a failure is an ordinary error reply
      const first = await batches.next();
      const columns = marginColumns(req.lang);
      const title = req.lang === 'zh' ? '收益与租金' : 'revenue and rent';
      const out = new PassThrough();
      const writer = new XlsxWriter(
        (chunk, final) => {
          if (!out.destroyed) out.write(chunk);
          if (final) out.end();
        },
        { sheetName: title, widths: columns.map((c) => c.width) },
      );
      writer.addRow(
        columns.map((c) => c.label),
        columns.map((): CellStyle => 'header'),
      );
      const styles = columns.map((c) => c.style);
      const write = (rows: Parameters<(typeof columns)[number]['value']>[0][]) => {
        for (const r of rows) writer.addRow(columns.map((c) => c.value(r)), styles);
      };
      const closed = once(out, 'close').catch(() => undefined);
      void (async () => {
        try {
          if (!first.done) write(first.value);
          for (let next = first.done ? null : await batches.next(); next && !next.done; next = await batches.next()) {
            if (out.destroyed) return;
            write(next.value);
            if (out.writableNeedDrain) await Promise.race([once(out, 'drain'), closed]);
          }
          writer.end();
        } catch (err) {
          reply.log.error({ err }, 'margin export failed');
          out.destroy(err as Error);
        }
      })();
      return reply
        .header('content-type', XLSX_MIME)
        .header('content-disposition', contentDisposition(`${title}_${stamp()}.xlsx`, `rent_margin_${stamp()}.xlsx`))
        .header('cache-control', 'no-store')
        .header('access-control-expose-headers', 'Content-Disposition')
        .send(out);
    },
  );
}
