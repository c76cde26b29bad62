/** The staff Dashboard's layout: inbox, chat and client record side by side on wide screens. */

/** The Dashboard's style sheet, rendered once in the page. */
export const DASHBOARD_STYLES = `
.admin-dashboard { display: grid; gap: 1rem; grid-template-columns: minmax(220px, 300px) minmax(0, 1fr) minmax(240px, 320px); align-items: start; }
@media (max-width: 1199px) { .admin-dashboard { grid-template-columns: 1fr; } }
.admin-column { display: flex; flex-direction: column; gap: 0.75rem; min-width: 0; }
.admin-chat { height: min(640px, 75vh); }
.admin-inbox { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 0.4rem; max-height: 75vh; overflow-y: auto; }
.admin-inbox-row { width: 100%; text-align: left; display: flex; flex-direction: column; gap: 0.2rem; padding: 0.6rem 0.7rem; border: 1px solid var(--border); border-radius: var(--radius); background: var(--surface); color: var(--text); font: inherit; cursor: pointer; }
.admin-inbox-row[aria-current="true"] { border-color: var(--accent); }
.admin-inbox-top, .admin-inbox-bottom { display: flex; align-items: center; gap: 0.4rem; min-width: 0; }
.admin-inbox-name { font-weight: 700; flex: 1; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.admin-inbox-preview { flex: 1; color: var(--muted); overflow: hidden; text-overflow: ellipsis; white-space: nowrap; font-size: 0.875rem; }
.admin-inbox-bottom time { color: var(--muted); font-size: 0.75rem; }
.admin-inbox-seen { color: var(--muted); font-size: 0.75rem; }
.admin-tag { font-size: 0.75rem; padding: 0 0.4rem; border: 1px solid var(--border); border-radius: 999px; color: var(--muted); }
.admin-unread { min-width: 1.4rem; padding: 0 0.35rem; border-radius: 999px; background: #d93025; color: #fff; font-size: 0.8rem; text-align: center; }
.admin-muted { color: var(--muted); }
.admin-record, .admin-canned { border: 1px solid var(--border); border-radius: var(--radius); padding: 0.8rem; background: var(--surface); }
.admin-record-head { display: flex; align-items: center; justify-content: space-between; gap: 0.5rem; }
.admin-record-head h2, .admin-canned h2 { margin: 0; font-size: 1rem; overflow-wrap: anywhere; }
.admin-fields { display: grid; grid-template-columns: 1fr; gap: 0.3rem; margin: 0.7rem 0; font-size: 0.875rem; }
.admin-fields div { display: flex; justify-content: space-between; gap: 0.5rem; }
.admin-fields dt { color: var(--muted); }
.admin-fields dd { margin: 0; text-align: right; overflow-wrap: anywhere; }
.admin-flags { border: 0; padding: 0; margin: 0; display: flex; flex-direction: column; gap: 0.3rem; }
.admin-flags legend { font-weight: 700; margin-bottom: 0.3rem; }
.admin-flag { display: flex; align-items: center; gap: 0.5rem; }
.admin-flag input { width: 1.1rem; height: 1.1rem; accent-color: var(--accent); }
.admin-canned ul { list-style: none; margin: 0.5rem 0 0; padding: 0; display: flex; flex-wrap: wrap; gap: 0.4rem; }
`;
