/// A stack that containers being read push their elements onto, each container then taking its
/// own elements off as one exactly sized array.
///
/// Reading a compiled table, an object's members are not known in number until its `}`: appended
/// to an array of their own, the lists grew (a route's nine members moved twice) or were made
/// large up front (which raised a load's peak memory). Nested containers push above their
/// parent's elements, so the stack is as deep as the document's widest path of open containers.
///
/// ```swift
/// var stack = ElementStack<Int>()
/// let base = stack.count
/// stack.push(1); stack.push(2)
/// stack.take(from: base) // [1, 2], and the stack is back to `base`
/// ```
struct ElementStack<Element>: ~Copyable {
    private var storage: UnsafeMutablePointer<Element>
    private var capacity: Int
    private(set) var count = 0

    init(capacity: Int = 64) {
        self.capacity = max(1, capacity)
        storage = .allocate(capacity: self.capacity)
    }

    deinit {
        storage.deinitialize(count: count)
        storage.deallocate()
    }

    mutating func push(_ element: Element) {
        if count == capacity {
            let larger = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
            larger.moveInitialize(from: storage, count: count)
            storage.deallocate()
            storage = larger
            capacity *= 2
        }
        (storage + count).initialize(to: element)
        count += 1
    }

    /// The elements pushed since the stack held `base`, in order, moved off it.
    mutating func take(from base: Int) -> [Element] {
        let taken = count - base
        let elements = [Element](unsafeUninitializedCapacity: taken) { buffer, initialized in
            buffer.baseAddress?.moveInitialize(from: storage + base, count: taken)
            initialized = taken
        }
        count = base
        return elements
    }

    /// The elements pushed since the stack held `base`, left on it.
    func elements(from base: Int) -> UnsafeBufferPointer<Element> {
        UnsafeBufferPointer(start: storage + base, count: count - base)
    }
}
