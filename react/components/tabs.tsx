// The kit's tabs (Radix Tabs: arrow keys, Home/End, roles and ids as the ARIA practices say) and its labelled separator.
import { Content, List, Root, Trigger } from '@radix-ui/react-tabs';
import type { ReactNode } from 'react';

export interface TabItem {
  value: string;
  label: string;
  content: ReactNode;
}

/** Tabs over `items`; every panel stays mounted (hidden when not chosen), so what was typed in one survives a switch. */
export function Tabs({ items, defaultValue, label }: { items: readonly TabItem[]; defaultValue: string; label: string }) {
  return (
    <Root className="aw-tabs" defaultValue={defaultValue}>
      <List className="aw-tab-list" aria-label={label}>
        {items.map((item) => (
          <Trigger key={item.value} className="aw-tab" value={item.value}>
            {item.label}
          </Trigger>
        ))}
      </List>
      {items.map((item) => (
        <Content key={item.value} className="aw-tab-panel" value={item.value} forceMount>
          {item.content}
        </Content>
      ))}
    </Root>
  );
}

/** A rule across the card with words in its middle ("Or continue with"). */
export function Separator({ children }: { children: ReactNode }) {
  return (
    <div className="aw-separator" role="separator">
      {children}
    </div>
  );
}
