import OSMKit
import RoutingKit
import Testing

@Suite("Road access from OSM tags")
struct RoadAccessTests {
    let foot = TravelMode.foot.accessBit, bike = TravelMode.bicycle.accessBit, car = TravelMode.car.accessBit

    @Test("a plain residential street is open to all, both ways, at 25 km/h")
    func residential() throws {
        let access = try #require(RoadAccess(tags: ["highway": "residential"]))
        #expect(access.forward == foot | bike | car && access.backward == foot | bike | car)
        #expect(access.carSpeed == 25)
    }

    @Test("oneway binds cars and bicycles, not walkers; oneway:bicycle=no frees bicycles")
    func oneway() throws {
        let plain = try #require(RoadAccess(tags: ["highway": "tertiary", "oneway": "yes"]))
        #expect(plain.forward == foot | bike | car && plain.backward == foot)
        let reverse = try #require(RoadAccess(tags: ["highway": "tertiary", "oneway": "-1"]))
        #expect(reverse.forward == foot && reverse.backward == foot | bike | car)
        let contraflow = try #require(
            RoadAccess(tags: ["highway": "residential", "oneway": "yes", "oneway:bicycle": "no"]))
        #expect(contraflow.backward == foot | bike)
        let roundabout = try #require(RoadAccess(tags: ["highway": "primary", "junction": "roundabout"]))
        #expect(roundabout.backward == foot)
    }

    @Test("motorways: cars only, one way, 90 km/h by default")
    func motorway() throws {
        let access = try #require(RoadAccess(tags: ["highway": "motorway"]))
        #expect(access.forward == car && access.backward == 0 && access.carSpeed == 90)
    }

    @Test("footways: walkers; bicycles only with bicycle=yes; never cars")
    func footways() throws {
        #expect(RoadAccess(tags: ["highway": "footway"])?.forward == foot)
        #expect(RoadAccess(tags: ["highway": "footway", "bicycle": "yes"])?.forward == foot | bike)
        #expect(RoadAccess(tags: ["highway": "cycleway"])?.forward == foot | bike)
        #expect(RoadAccess(tags: ["highway": "steps"])?.forward == foot)
    }

    @Test("access tags: the most specific wins")
    func accessHierarchy() throws {
        #expect(RoadAccess(tags: ["highway": "service", "access": "private"])?.isClosed == true)
        #expect(RoadAccess(tags: ["highway": "service", "access": "no", "foot": "yes"])?.forward == foot)
        #expect(RoadAccess(tags: ["highway": "residential", "motor_vehicle": "no"])?.forward == foot | bike)
        #expect(
            RoadAccess(tags: ["highway": "residential", "vehicle": "no", "bicycle": "yes"])?.forward == foot
                | bike)
    }

    @Test("maxspeed in km/h or mph; junk falls back to the class default")
    func maxspeed() throws {
        #expect(RoadAccess(tags: ["highway": "primary", "maxspeed": "50"])?.carSpeed == 50)
        let mph = try #require(RoadAccess(tags: ["highway": "primary", "maxspeed": "25 mph"])?.carSpeed)
        #expect(abs(mph - 40.2336) < 1e-9)
        #expect(RoadAccess(tags: ["highway": "primary", "maxspeed": "signals"])?.carSpeed == 65)
    }

    @Test("not roads: no highway, areas, construction")
    func notRoads() {
        #expect(RoadAccess(tags: ["building": "yes"]) == nil)
        #expect(RoadAccess(tags: ["highway": "pedestrian", "area": "yes"]) == nil)
        #expect(RoadAccess(tags: ["highway": "construction"]) == nil)
    }
}
