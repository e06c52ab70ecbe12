import { euros } from "#platform/ordering/money.ts";
import type {
  OrderLine,
  orderingCustomer,
  orderingDeliveryZone,
  orderingMenuItemMetadata,
  orderingOptionSet,
  orderingOptionSetItem,
  orderingOrder,
  orderingSectionItem,
  orderingStore,
  orderingVoucher,
  Weekday,
} from "#platform/ordering/schema.ts";

/**
 * The JSON shapes of the ordering service's administrative API, named and cased as Flipdish's
 * v1.0 API names them, so a client written for one works with the other, and the functions that
 * make them from rows. Money is a number of euros with two decimals (Flipdish's `Price`,
 * `DeliveryFee`); the tables keep cents. Dates are ISO 8601 texts in UTC.
 */

type StoreRow = typeof orderingStore.$inferSelect;
type ZoneRow = typeof orderingDeliveryZone.$inferSelect;
type ItemRow = typeof orderingSectionItem.$inferSelect;
type OptionSetRow = typeof orderingOptionSet.$inferSelect;
type OptionSetItemRow = typeof orderingOptionSetItem.$inferSelect;
type MetadataRow = typeof orderingMenuItemMetadata.$inferSelect;
type VoucherRow = typeof orderingVoucher.$inferSelect;
type OrderRow = typeof orderingOrder.$inferSelect;
type CustomerRow = typeof orderingCustomer.$inferSelect;

export type FlipdishAddress = {
  Line1: string;
  Postcode: string;
  City: string;
  CountryCode: "FR";
  DisplayString: string;
  Coordinates: { Latitude: number; Longitude: number } | null;
};

/** One opening period of a weekday, in the store's local (Paris) time. */
export type FlipdishOpeningHours = { DayOfWeek: string; StartTime: string; EndTime: string };

export type FlipdishStore = {
  StoreId: number;
  PhysicalRestaurantId: number;
  Name: string;
  MenuId: number | null;
  /** Added to a delivery order's total (ordering-and-server.md §4). */
  DeliveryFee: number;
  PhoneNumber: string | null;
  Address: FlipdishAddress;
  DeliveryEnabled: boolean;
  PickupEnabled: boolean;
  OpeningHours: FlipdishOpeningHours[];
  /** This service's own: how long each slot lasts, and how long before a slot it may be booked. */
  SlotIntervalMinutes: number;
  LeadTimeMinutes: number;
};

const WEEK: readonly [Weekday, string][] = [
  ["monday", "Monday"],
  ["tuesday", "Tuesday"],
  ["wednesday", "Wednesday"],
  ["thursday", "Thursday"],
  ["friday", "Friday"],
  ["saturday", "Saturday"],
  ["sunday", "Sunday"],
];

export function storeView(store: StoreRow): FlipdishStore {
  return {
    StoreId: store.id,
    PhysicalRestaurantId: store.physicalRestaurantId,
    Name: store.name,
    MenuId: store.menuId,
    DeliveryFee: euros(store.deliveryFeeCents),
    PhoneNumber: store.phone,
    Address: {
      Line1: store.address,
      Postcode: store.postcode,
      City: store.city,
      CountryCode: "FR",
      DisplayString: [store.address, `${store.postcode} ${store.city}`.trim()]
        .filter(Boolean)
        .join(", "),
      Coordinates:
        store.latitude !== null && store.longitude !== null
          ? { Latitude: store.latitude, Longitude: store.longitude }
          : null,
    },
    DeliveryEnabled: store.deliveryEnabled,
    PickupEnabled: store.pickupEnabled,
    OpeningHours: WEEK.flatMap(([day, DayOfWeek]) =>
      (store.openingHours[day] ?? []).map((range) => ({
        DayOfWeek,
        StartTime: range.start,
        EndTime: range.end,
      })),
    ),
    SlotIntervalMinutes: store.slotIntervalMinutes,
    LeadTimeMinutes: store.slotLeadMinutes,
  };
}

/** Flipdish's `DeliveryZone`, with the postcodes and radius of this service's zones. */
export type FlipdishDeliveryZone = {
  Id: number;
  Name: string;
  IsEnabled: boolean;
  DeliveryFee: number;
  MinimumDeliveryOrderAmount: number;
  /** This service's own: from this subtotal on, delivery is free; null: never free. */
  FreeDeliveryOverAmount: number | null;
  Postcodes: string[];
  RadiusMetres: number | null;
};

export function zoneView(zone: ZoneRow, store: StoreRow): FlipdishDeliveryZone {
  return {
    Id: zone.id,
    Name: zone.name,
    IsEnabled: zone.isEnabled,
    DeliveryFee: euros(zone.feeCents ?? store.deliveryFeeCents),
    MinimumDeliveryOrderAmount: euros(zone.minimumOrderCents),
    FreeDeliveryOverAmount:
      zone.freeDeliveryThresholdCents === null ? null : euros(zone.freeDeliveryThresholdCents),
    Postcodes: zone.postcodes,
    RadiusMetres: zone.radiusMetres,
  };
}

export type FlipdishOptionSetItem = {
  MenuItemOptionSetItemId: number;
  Name: string;
  Price: number;
  IsAvailable: boolean;
  DisplayOrder: number;
};

export type FlipdishOptionSet = {
  MenuItemOptionSetId: number;
  Name: string;
  MinSelectCount: number;
  MaxSelectCount: number;
  DisplayOrder: number;
  OptionSetItems: FlipdishOptionSetItem[];
};

/** Flipdish's `MenuSectionItem`: a dish of a menu section. */
export type FlipdishSectionItem = {
  MenuItemId: number;
  MenuSectionId: number;
  Name: string;
  Description: string;
  Price: number;
  ImageUrl: string | null;
  IsAvailable: boolean;
  /** Flipdish's MenuItem.Alcohol: adults only, never paid by titres-restaurant. */
  Alcohol: boolean;
  DisplayOrder: number;
  MenuItemOptionSets: FlipdishOptionSet[];
};

export type FlipdishSection = {
  MenuSectionId: number;
  Name: string;
  Description: string;
  IsAvailable: boolean;
  DisplayOrder: number;
  MenuItems: FlipdishSectionItem[];
};

export type FlipdishMenu = { MenuId: number; Name: string; MenuSections: FlipdishSection[] };

export type OptionSetWithItems = OptionSetRow & { items: OptionSetItemRow[] };

export function sectionItemView(item: ItemRow, sets: OptionSetWithItems[]): FlipdishSectionItem {
  return {
    MenuItemId: item.id,
    MenuSectionId: item.sectionId,
    Name: item.name,
    Description: item.description,
    Price: euros(item.priceCents),
    ImageUrl: item.imageUrl,
    IsAvailable: item.isAvailable,
    Alcohol: item.alcohol,
    DisplayOrder: item.position,
    MenuItemOptionSets: sets.map((set) => ({
      MenuItemOptionSetId: set.id,
      Name: set.name,
      MinSelectCount: set.minSelectCount,
      MaxSelectCount: set.maxSelectCount,
      DisplayOrder: set.position,
      OptionSetItems: set.items.map((choice) => ({
        MenuItemOptionSetItemId: choice.id,
        Name: choice.name,
        Price: euros(choice.priceCents),
        IsAvailable: choice.isAvailable,
        DisplayOrder: choice.position,
      })),
    })),
  };
}

/** One key/value of a menu item for one store, as `Data.MenuItemMetadata` lists them. */
export type FlipdishMenuItemMetadata = {
  MenuItemId: number;
  StoreId: number;
  Key: string;
  Value: string;
};

export function metadataView(row: MetadataRow): FlipdishMenuItemMetadata {
  return { MenuItemId: row.menuItemId, StoreId: row.storeId, Key: row.key, Value: row.value };
}

/** Flipdish's `VoucherSummary`, with the fields the storefront reads (spec §3). */
export type FlipdishVoucherSummary = {
  VoucherId: number;
  Code: string;
  Description: string;
  VoucherType: "LumpDiscount" | "PercentageDiscount";
  IsEnabled: boolean;
  IsAutomaticallyApplied: boolean;
  ExpiryDate: string | null;
  ValidOnOrdersOver: number;
  IsValidForDeliveryOrders: boolean;
  IsValidForPickupOrders: boolean;
  LumpDiscountDetails: { DiscountAmount: number } | null;
  PercentDiscountDetails: { PercentageDiscount: number } | null;
  Currency: "EUR";
};

export function voucherSummaryView(voucher: VoucherRow): FlipdishVoucherSummary {
  const lump = voucher.kind === "lump";
  return {
    VoucherId: voucher.id,
    Code: voucher.code,
    Description: voucher.description,
    VoucherType: lump ? "LumpDiscount" : "PercentageDiscount",
    IsEnabled: voucher.isEnabled,
    IsAutomaticallyApplied: voucher.isAutomatic,
    ExpiryDate: voucher.expiresAt?.toISOString() ?? null,
    ValidOnOrdersOver: euros(voucher.validOnOrdersOverCents),
    IsValidForDeliveryOrders: voucher.validForDelivery,
    IsValidForPickupOrders: voucher.validForPickup,
    LumpDiscountDetails: lump ? { DiscountAmount: euros(voucher.amount) } : null,
    PercentDiscountDetails: lump ? null : { PercentageDiscount: voucher.amount },
    Currency: "EUR",
  };
}

/** A voucher in full: its summary, with how many times it may be and has been used. */
export type FlipdishVoucher = FlipdishVoucherSummary & {
  MaxUses: number | null;
  Uses: number;
  CreatedAt: string;
};

export function voucherView(voucher: VoucherRow): FlipdishVoucher {
  return {
    ...voucherSummaryView(voucher),
    MaxUses: voucher.maxUses,
    Uses: voucher.uses,
    CreatedAt: voucher.createdAt.toISOString(),
  };
}

/** Flipdish's `Order`, trimmed to what this service records. */
export type FlipdishOrder = {
  OrderId: number;
  /** The shop's number of the order, from the series grocery orders share (« n° 1001 »). */
  OrderNumber: number;
  OrderState: string;
  /** 1 delivery, 2 pickup (spec §9), and Flipdish's name of it. */
  Mode: 1 | 2;
  DeliveryType: "Delivery" | "Pickup";
  Store: { StoreId: number; PhysicalRestaurantId: number; Name: string; Address: FlipdishAddress };
  Slot: { Key: string; Start: string };
  RequestedForTime: string;
  DeliveryLocation: {
    Line1: string;
    Postcode: string;
    City: string;
    DeliveryInstructions: string | null;
  } | null;
  Customer: { CustomerId: number; Name: string | null; PhoneNumber: string };
  OrderItems: {
    MenuItemId: number;
    Name: string;
    Quantity: number;
    Price: number;
    PriceIncludingOptionSetItems: number;
    OrderItemOptions: { MenuItemOptionSetItemId: number; Name: string; Price: number }[];
    LineTotal: number;
  }[];
  Voucher: { VoucherId: number | null; Code: string | null; Amount: number } | null;
  OrderItemsAmount: number;
  ServiceChargeAmount: number;
  DeliveryAmount: number;
  Amount: number;
  /** This service's own field: what titres-restaurant paid of `Amount`. */
  MealVoucherAmount: number;
  Currency: "EUR";
  IsWrap: boolean;
  PlacedTime: string;
};

/** An order line as the API shows it, in an order or a priced basket. */
export function orderItemView(line: OrderLine): FlipdishOrder["OrderItems"][number] {
  const optionsCents = line.options.reduce((sum, option) => sum + option.priceCents, 0);
  return {
    MenuItemId: line.menuItemId,
    Name: line.name,
    Quantity: line.quantity,
    Price: euros(line.unitPriceCents),
    PriceIncludingOptionSetItems: euros(line.unitPriceCents + optionsCents),
    OrderItemOptions: line.options.map((option) => ({
      MenuItemOptionSetItemId: option.optionSetItemId,
      Name: option.name,
      Price: euros(option.priceCents),
    })),
    LineTotal: euros(line.lineTotalCents),
  };
}

export function orderView(order: OrderRow, store: StoreRow, customer: CustomerRow): FlipdishOrder {
  const location = order.deliveryLocation;
  return {
    OrderId: order.id,
    OrderNumber: order.orderNumber,
    OrderState: order.status,
    Mode: order.mode,
    DeliveryType: order.mode === 1 ? "Delivery" : "Pickup",
    Store: {
      StoreId: store.id,
      PhysicalRestaurantId: store.physicalRestaurantId,
      Name: store.name,
      Address: storeView(store).Address,
    },
    Slot: { Key: order.slotKey, Start: order.slotStart.toISOString() },
    RequestedForTime: order.slotStart.toISOString(),
    DeliveryLocation: location
      ? {
          Line1: location.address,
          Postcode: location.postcode,
          City: location.city,
          DeliveryInstructions: location.instructions ?? null,
        }
      : null,
    Customer: { CustomerId: customer.id, Name: customer.name, PhoneNumber: customer.phone },
    OrderItems: order.lines.map(orderItemView),
    Voucher:
      order.discountCents > 0 || order.voucherId !== null
        ? {
            VoucherId: order.voucherId,
            Code: order.voucherCode,
            Amount: euros(order.discountCents),
          }
        : null,
    OrderItemsAmount: euros(order.subtotalCents),
    ServiceChargeAmount: euros(order.serviceFeeCents),
    DeliveryAmount: euros(order.deliveryFeeCents),
    Amount: euros(order.totalCents),
    // This service's own field: what titres-restaurant paid of `Amount` (the bank card the rest).
    MealVoucherAmount: euros(order.mealVoucherAmountCents),
    Currency: "EUR",
    IsWrap: order.giftWrap,
    PlacedTime: order.createdAt.toISOString(),
  };
}
