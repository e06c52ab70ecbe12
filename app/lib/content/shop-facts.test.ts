import { describe, expect, it } from "vitest";
import {
  type FactStore,
  factTexts,
  fillFacts,
  fillFactsOnce,
  frenchList,
  openingHoursRows,
  openingHoursText,
  suburbNames,
} from "#app/lib/content/shop-facts.ts";
import { DEMO_SHOP_IDENTITY } from "#platform/shop-identity.ts";

const day = (name: string, start: string, end: string) => ({ day: name, start, end });
const WEEK = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"].map((name) =>
  day(name, "10:00", "20:00"),
);

const store = (changes: Partial<FactStore>): FactStore => ({
  name: "Comptoir Haussmann",
  address: { line1: "42 boulevard Haussmann", postcode: "75009", city: "Paris" },
  phone: "+33 1 42 68 10 10",
  deliveryEnabled: true,
  pickupEnabled: true,
  deliveryFee: 5.9,
  minimumOrder: 0,
  freeDeliveryOver: null,
  openingHours: [...WEEK, day("Sunday", "10:00", "13:00")],
  slotIntervalMinutes: 60,
  leadTimeMinutes: 120,
  latitude: null,
  longitude: null,
  ...changes,
});

describe("opening hours", () => {
  it("groups consecutive days with the same hours, and says a closed day", () => {
    expect(openingHoursRows([...WEEK, day("Sunday", "10:00", "13:00")])).toEqual([
      { days: "Du lundi au samedi", hours: "10h00–20h00" },
      { days: "Dimanche", hours: "10h00–13h00" },
    ]);
    expect(
      openingHoursRows([day("Tuesday", "09:30", "12:00"), day("Tuesday", "14:00", "19:00")]),
    ).toEqual([
      { days: "Lundi", hours: "Fermé" },
      { days: "Mardi", hours: "9h30–12h00, 14h00–19h00" },
      { days: "Du mercredi au dimanche", hours: "Fermé" },
    ]);
    expect(openingHoursText(WEEK)).toBe("du lundi au samedi, 10h00–20h00");
  });
});

describe("fact texts", () => {
  const stores = [
    store({}),
    store({
      name: "Comptoir Rive Gauche",
      deliveryFee: 4.9,
      minimumOrder: 30,
      freeDeliveryOver: 80,
    }),
    store({
      name: "Point retrait Bastille",
      deliveryEnabled: false,
      openingHours: WEEK.map((period) => ({ ...period, start: "11:00", end: "19:00" })),
    }),
  ];
  const texts = factTexts({
    identity: DEMO_SHOP_IDENTITY,
    stores,
    deliveredPostcodes: ["75009", "93200", "92100", "75009"],
    serviceFeeCents: 50,
  });

  it("names the pickup stores, their hours grouped, the delivered towns and the fees", () => {
    expect(texts["pickup.names"]).toBe(
      "Comptoir Haussmann, Comptoir Rive Gauche ou Point retrait Bastille",
    );
    expect(texts["pickup.hours"]).toBe(
      "Comptoir Haussmann et Comptoir Rive Gauche : du lundi au samedi, 10h00–20h00 ; le dimanche, 10h00–13h00. Point retrait Bastille : du lundi au samedi, 11h00–19h00",
    );
    expect(texts["delivery.hours"]).toBe(
      "du lundi au samedi, 10h00–20h00 ; le dimanche, 10h00–13h00",
    );
    expect(texts["delivery.area"]).toBe("à Paris et en proche banlieue");
    expect(texts["delivery.paris"]).toBe("Paris (75009)");
    expect(texts["delivery.suburbs"]).toBe("Boulogne-Billancourt (92100) et Saint-Denis (93200)");
    expect(texts["delivery.fees"]).toBe("de 4,90\u00a0€ à 5,90\u00a0€ selon votre adresse");
    expect(texts["delivery.thresholds"]).toBe(
      "Comptoir Haussmann : sans minimum de commande ; Comptoir Rive Gauche : minimum de commande 30,00\u00a0€, livraison offerte dès 80,00\u00a0€",
    );
    expect(texts["slot.length"]).toBe("d'une heure");
    expect(texts["order.leadTime"]).toBe("2 heures");
    expect(texts["order.serviceFee"]).toBe("0,50\u00a0€");
    expect(texts["shop.legalLine"]).toBe(
      "Comptoir SAS, 42 boulevard Haussmann, 75009 Paris. RCS Paris 912 345 675.",
    );
  });

  it("says less, never wrong, when the ordering service gave no store", () => {
    const none = factTexts({
      identity: DEMO_SHOP_IDENTITY,
      stores: [],
      deliveredPostcodes: [],
      serviceFeeCents: 50,
    });
    expect(none["pickup.stores"]).toBe("nos magasins");
    expect(none["delivery.area"]).toBe("à Paris");
    expect(none["delivery.thresholds"]).toBe("sans minimum de commande");
  });

  it("fills tokens anywhere in an entry, and leaves an unknown one for the editor to see", () => {
    const entry = {
      title: "Retrait",
      body: { content: [{ value: "Chez {{pickup.names}} ; {{ shop.phone }} ; {{shop.nope}}" }] },
      count: 3,
      flag: null,
    };
    expect(fillFacts(entry, texts)).toEqual({
      title: "Retrait",
      body: {
        content: [
          {
            value:
              "Chez Comptoir Haussmann, Comptoir Rive Gauche ou Point retrait Bastille ; 01 45 26 00 00 ; {{shop.nope}}",
          },
        ],
      },
      count: 3,
      flag: null,
    });
  });

  it("fills a kept value once per kept fact texts, and again for new texts", () => {
    const fields = { title: "Chez {{pickup.names}}" };
    const first = fillFactsOnce(fields, texts);
    expect(first.title).toBe(
      "Chez Comptoir Haussmann, Comptoir Rive Gauche ou Point retrait Bastille",
    );
    expect(fillFactsOnce(fields, texts)).toBe(first);
    const changed = { ...texts, "pickup.names": "Comptoir Haussmann" };
    expect(fillFactsOnce(fields, changed).title).toBe("Chez Comptoir Haussmann");
    expect(fields.title).toBe("Chez {{pickup.names}}");
  });

  it("names a town by its postcode, and prints an unknown one as it is", () => {
    expect(suburbNames(["75001", "94300", "77000"])).toEqual(["77000", "Vincennes (94300)"]);
    expect(frenchList(["a", "b", "c"], "ou")).toBe("a, b ou c");
  });
});
