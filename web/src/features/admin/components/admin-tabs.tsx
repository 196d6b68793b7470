import { useRef, type KeyboardEvent, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { cn } from "@/lib/utils";

export const ADMIN_TABS = ["vessels", "transfers", "payments", "documents", "corrections", "users", "audit"] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];

function isAdminTab(value: string | null): value is AdminTab {
  return value != null && (ADMIN_TABS as readonly string[]).includes(value);
}

/** The open tab lives in the URL (?tab=payments) so that a reload or a shared link keeps it. */
export function useAdminTab(): [AdminTab, (tab: AdminTab) => void] {
  const [params, setParams] = useSearchParams();
  const value = params.get("tab");
  const tab = isAdminTab(value) ? value : "vessels";
  const select = (next: AdminTab) => setParams(next === "vessels" ? {} : { tab: next }, { replace: true });
  return [tab, select];
}

export const tabId = (tab: AdminTab) => `admin-tab-${tab}`;
export const panelId = (tab: AdminTab) => `admin-panel-${tab}`;

/**
 * The console's tabs (WAI-ARIA tabs pattern, automatic activation): Left/Right move between tabs
 * and open them, Home and End go to the first and last; only the open tab is in the tab order.
 */
export function AdminTabList({ active, onSelect }: { active: AdminTab; onSelect: (tab: AdminTab) => void }) {
  const { t } = useTranslation();
  const refs = useRef(new Map<AdminTab, HTMLButtonElement>());

  const move = (tab: AdminTab) => {
    onSelect(tab);
    refs.current.get(tab)?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = ADMIN_TABS.indexOf(active);
    const last = ADMIN_TABS.length - 1;
    const target =
      event.key === "ArrowRight"
        ? ADMIN_TABS[index === last ? 0 : index + 1]
        : event.key === "ArrowLeft"
          ? ADMIN_TABS[index === 0 ? last : index - 1]
          : event.key === "Home"
            ? ADMIN_TABS[0]
            : event.key === "End"
              ? ADMIN_TABS[last]
              : undefined;
    if (!target) return;
    event.preventDefault();
    move(target);
  };

  return (
    <div
      role="tablist"
      aria-label={t("admin.tabs.label")}
      onKeyDown={onKeyDown}
      className="flex flex-wrap gap-1 rounded-lg border border-border bg-muted p-1"
    >
      {ADMIN_TABS.map((tab) => {
        const selected = tab === active;
        return (
          <button
            key={tab}
            ref={(node) => {
              if (node) refs.current.set(tab, node);
              else refs.current.delete(tab);
            }}
            type="button"
            role="tab"
            id={tabId(tab)}
            aria-selected={selected}
            aria-controls={selected ? panelId(tab) : undefined}
            tabIndex={selected ? 0 : -1}
            onClick={() => onSelect(tab)}
            className={cn(
              "rounded-md px-3 py-1.5 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
              selected ? "bg-background text-foreground shadow-sm" : "text-muted-foreground hover:text-foreground",
            )}
          >
            {t(`admin.tabs.${tab}`)}
          </button>
        );
      })}
    </div>
  );
}

/** The open tab's panel, named by its tab. */
export function AdminTabPanel({ tab, children }: { tab: AdminTab; children: ReactNode }) {
  return (
    <div
      role="tabpanel"
      id={panelId(tab)}
      aria-labelledby={tabId(tab)}
      tabIndex={0}
      className="grid gap-6 rounded-md focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-ring"
    >
      {children}
    </div>
  );
}
